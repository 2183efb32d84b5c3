// Words the playground shows for the engine's correction rules. The call formats' words are the engine's
// own table (shared/format-labels.ts, through the sandbox: shapeLabel).
import type { Correction, Json } from '../../../engine/types';

/** A value as it appears in a sentence: strings quoted, long values cut. */
export function show(value: Json): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

/** A moved field's path as the user typed it: a key that is no plain name (`["address[city]"]`) as the key itself. */
function sentKey(from: Json): Json {
  if (typeof from !== 'string') return from;
  const m = /^\[("(?:[^"\\]|\\.)*")\]$/.exec(from);
  if (!m) return from;
  try {
    return JSON.parse(m[1]) as string;
  } catch {
    return from;
  }
}

export function describeCorrection(c: Correction): string {
  switch (c.rule) {
    case 'case_variant':
      return `${show(c.from)} was read as ${show(c.to)}: the same name in another case`;
    case 'declared_alias':
      return `${show(c.from)} was read as ${show(c.to)}: the pack declares it as another name for this field`;
    case 'json_string_parsed':
      return `${c.field} arrived as a JSON string and was parsed into ${Array.isArray(c.to) ? 'an array' : 'an object'}, which the field wants`;
    case 'tool_name_variant':
      return `the tool ${show(c.from)} was read as ${show(c.to)}: the same name written another way`;
    case 'case_folded':
      return `${show(c.from)} was read as ${show(c.to)}: the same value in the case the field permits`;
    case 'field_moved':
      return `${show(sentKey(c.from))} was moved to ${show(c.to)}: the one place the tool declares that field`;
    case 'id_from_url':
      return `the URL ${show(c.from)} was read as the id in it, ${show(c.to)}`;
    case 'id_from_mention':
      return `the mention ${show(c.from)} was read as the id in it, ${show(c.to)}`;
    case 'id_sigil':
      return `${show(c.from)} was read as ${show(c.to)}: the id as its field writes it, with or without its # or @`;
    case 'id_case':
      return `${show(c.from)} was read as ${show(c.to)}: the id in the case its field's pattern fixes`;
    case 'date_rewritten':
      return `${show(c.from)} was read as ${show(c.to)}: the same date in the form the field takes`;
    case 'json_code_fence':
      return `the code fence ${show(c.from)} around the JSON was removed`;
    case 'json_leading_text':
      return `the text ${show(c.from)} before the JSON was removed`;
    case 'json_trailing_comma':
      return `a trailing comma was removed: ${show(c.from)} was read as ${show(c.to)}`;
    case 'json_single_quotes':
      // The text as written and as read, not as JSON strings: quoted again, "name" would read \"name\".
      return `single quotes were read as double quotes: ${String(c.from)} as ${String(c.to)}`;
    case 'json_python_literals':
      return `Python's ${show(c.from)} was read as JSON's ${show(c.to)}`;
    case 'json_closing_brackets':
      return `the JSON ended before closing: ${show(c.to)} was added at the end`;
  }
}

export const RULE_LABELS: Record<Correction['rule'], string> = {
  case_variant: 'Name in another case',
  declared_alias: 'Declared alias',
  json_string_parsed: 'JSON sent as a string',
  tool_name_variant: 'Tool name written another way',
  case_folded: 'Value in another case',
  field_moved: 'Field moved where it belongs',
  id_from_url: 'Id read from a URL',
  id_from_mention: 'Id read from a mention',
  id_sigil: 'Id with its # or @ as the field writes it',
  id_case: 'Id in the case its pattern fixes',
  date_rewritten: 'Date in the form the field takes',
  json_code_fence: 'Code fence around the JSON',
  json_leading_text: 'Text before the JSON',
  json_trailing_comma: 'Trailing comma',
  json_single_quotes: 'Single quotes',
  json_python_literals: 'Python True/False/None',
  json_closing_brackets: 'Closing brackets added',
};
