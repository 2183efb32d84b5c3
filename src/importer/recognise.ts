// Recognised fields: a field that is plainly a currency, a country, a time zone, a locale, an email, an
// amount in the smallest currency unit or a Unix time gets the registry (x-value-set) or the unit (x-unit)
// the curated packs use, so its bodies say the same things; a string the vendor calls a comma-separated
// list gets x-comma-list, so a list sent there is offered joined. A name alone is not enough where vendors
// differ (Twilio's `country` is a country's name; Stripe's a two-letter code): the field's own type and
// format, or a phrase of the vendor's description, must say which. The description is read, never copied.
// Every inference is returned with what it rests on, so the report lists it and a test can check it.
import { valueSet } from '../engine/shared/value-sets';
import { typesOf } from '../engine/schema';
import type { Json, SchemaNode } from '../engine/types';
import type { Inference } from './types';

type Kind = Inference['kind'];

/** A description that counts a duration in a unit: "number of seconds", "length in seconds", "in minutes". */
const DURATION_EVIDENCE = /\b(?:number of|length in|time in|duration in|in) (seconds|minutes)\b/i;

/**
 * A duration's enum that only minutes explain: whole hours, at least one of them a whole day (Discord's
 * auto_archive_duration: 60, 1440, 4320, 10080). Read as seconds, 1440 would be an odd 24 minutes.
 */
function enumInMinutes(values: unknown): boolean {
  if (!Array.isArray(values)) return false;
  const numbers = values.filter((v) => v !== null);
  return numbers.length > 1 && numbers.every((v) => typeof v === 'number' && Number.isInteger(v) && v > 0 && v % 60 === 0) && numbers.some((v) => (v as number) % 1440 === 0);
}

interface Rule {
  kind: Kind;
  /** The field's name (the last segment of its path). */
  name: RegExp;
  types: string[];
  /** A phrase of the description that says what the field holds. */
  evidence?: RegExp;
  /** A phrase that says it holds something else (a country's name). */
  contrary?: RegExp;
  /** A vendor format that is evidence on its own. */
  formats?: string[];
  /** The name alone is enough (an email field is an email everywhere). */
  nameSuffices?: boolean;
}

const RULES: Rule[] = [
  // First: "a comma-separated list of country codes" is a list, not one code.
  {
    kind: 'comma-list',
    name: /./,
    types: ['string'],
    evidence: /\bcomma[- ](?:separated|delimited)\b|\bseparated by (?:a )?commas?\b/i,
  },
  {
    kind: 'currency',
    name: /^(currency|[a-z_]*_currency|currency_?code|[a-z]*Currency(Code)?)$/i,
    types: ['string'],
    evidence: /ISO[ -]?4217|ISO currency code|three-letter (ISO )?currency|currency code/i,
    formats: ['currency'],
  },
  {
    kind: 'country',
    name: /^(country|[a-z_]*_country|country_?code|iso_?country|[a-z]*Country(Code)?)$/i,
    types: ['string'],
    evidence: /ISO[ -]?3166|alpha-2|two-letter country|2-letter country|2-character .*country|2-digit .*ISO country|ISO country code/i,
    contrary: /name of the country|country name|calling code|e\.164|itu/i,
    formats: ['iso-country-code'],
  },
  {
    kind: 'time-zone',
    name: /^(time_?zone|tz|[a-z_]*_time_?zone|[a-z]*TimeZone)$/i,
    types: ['string'],
    evidence: /IANA|tz database|Olson|Time Zone Database|Europe\/|America\//i,
    contrary: /offset|windows/i,
  },
  {
    kind: 'locale',
    name: /^(locale|[a-z_]*_locale|[a-z]*Locale)$/i,
    types: ['string'],
    evidence: /BCP ?47|IETF language tag|IETF BCP/i,
  },
  {
    kind: 'email',
    name: /^(email|[a-z_]*_email|email_?address|[a-z]*Email(Address)?)$/i,
    types: ['string'],
    contrary: /comma|separated|list of/i,
    nameSuffices: true,
  },
  {
    kind: 'minor-unit-amount',
    name: /^(amount|[a-z_]*_amount|amount_[a-z_]+|[a-z]*Amount|balance|[a-z_]*_balance)$/i,
    types: ['integer'],
    evidence: /smallest currency unit|in cents|zero-decimal|minor unit|lowest denomination/i,
  },
  {
    kind: 'unix-time',
    name: /./,
    types: ['integer', 'number'],
    evidence: /unix (timestamp|time|epoch)|seconds since (the )?(unix )?epoch|epoch (time|seconds)|milliseconds since (the )?(unix )?epoch/i,
    formats: ['unix-time'],
  },
  // camelCase names of any length: timeSpentSeconds as well as timeoutSeconds.
  { kind: 'duration', name: /^(minutes|[a-z_]*_minutes|[a-z][A-Za-z]*Minutes)$/, types: ['integer'], nameSuffices: true },
  { kind: 'duration', name: /^(seconds|[a-z_]*_seconds|[a-z_]*_in_seconds|[a-z][A-Za-z]*Seconds)$/, types: ['integer'], nameSuffices: true },
  // Any integer whose description counts it in seconds or minutes (Twilio's Timeout, ValidityPeriod).
  { kind: 'duration', name: /./, types: ['integer'], evidence: DURATION_EVIDENCE, contrary: /since|epoch|timestamp|unix/i },
  { kind: 'byte-size', name: /^(bytes|[a-z_]*_bytes|[a-z_]*_in_bytes|[a-z]*Bytes|[a-z]*InBytes)$/, types: ['integer'], nameSuffices: true },
];

/** Names recognised with evidence somewhere in a document: the same name elsewhere in it means the same. */
export type DocumentEvidence = Map<string, { kind: Kind; evidence: string }>;

function quote(text: string, re: RegExp): string {
  const m = re.exec(text);
  return m ? `"${m[0]}"` : '';
}

/** The rule a field meets on its own facts, with the evidence; undefined when none does. */
function ownEvidence(name: string, type: string | undefined, format: unknown, description: string): { rule: Rule; evidence: string } | undefined {
  for (const rule of RULES) {
    if (!rule.name.test(name) || !type || !rule.types.includes(type)) continue;
    if (rule.contrary && rule.contrary.test(description)) continue;
    if (typeof format === 'string' && rule.formats?.includes(format)) return { rule, evidence: `${type} field "${name}" with the vendor format "${format}"` };
    if (rule.evidence && rule.evidence.test(description)) return { rule, evidence: `${type} field "${name}" whose description says ${quote(description, rule.evidence)}` };
    if (rule.nameSuffices) return { rule, evidence: `${type} field named "${name}"` };
  }
  return undefined;
}

/**
 * Walks a raw document once and notes every field name recognised on its own evidence; a field of the
 * same name elsewhere in the document with no description saying otherwise is then recognised too
 * (Calendar's `timeZone` parameters say "time zone" without naming IANA; the Calendar schema does).
 */
export function collectDocumentEvidence(doc: unknown): DocumentEvidence {
  const found: DocumentEvidence = new Map();
  const seen = new Set<unknown>();
  const note = (name: string, node: any) => {
    if (!node || typeof node !== 'object' || found.has(name)) return;
    const schema = node.schema && typeof node.schema === 'object' ? node.schema : node;
    const hit = ownEvidence(name, typesOf(schema).find((t) => t !== 'null'), schema.format ?? node.format, String(node.description ?? schema.description ?? ''));
    // A list is one parameter's shape, not what its name means: GitHub's `state` is a list in one place only.
    if (hit && !hit.rule.nameSuffices && !['unix-time', 'minor-unit-amount', 'comma-list'].includes(hit.rule.kind)) found.set(name, { kind: hit.rule.kind, evidence: hit.evidence });
  };
  const walk = (node: any, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 40 || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const v of node) walk(v, depth + 1);
      return;
    }
    if (node.properties && typeof node.properties === 'object') for (const [k, v] of Object.entries(node.properties)) note(k, v);
    if (typeof node.name === 'string' && (typeof node.in === 'string' || typeof node.location === 'string')) note(node.name, node);
    // Discovery parameters are keyed by name.
    if (node.parameters && typeof node.parameters === 'object' && !Array.isArray(node.parameters)) {
      for (const [k, v] of Object.entries<any>(node.parameters)) if (v && typeof v === 'object' && typeof v.location === 'string') note(k, v);
    }
    for (const v of Object.values(node)) walk(v, depth + 1);
  };
  walk(doc, 0);
  return found;
}

export interface RecogniseInput {
  tool: string;
  /** The field's path in the tool's arguments (`address.country`, `items[].currency`). */
  field: string;
  name: string;
  /** The converted schema, changed in place. */
  node: SchemaNode;
  /** The vendor's description, read for evidence only. */
  description: string;
  /** The vendor's format, before conversion dropped it. */
  vendorFormat?: string;
  /** Sibling property names, for an amount's currency. */
  siblings: string[];
  /** The path of the field's parent object in $args, or undefined when the field sits inside an array. */
  parentArgsPath?: string;
  documentEvidence: DocumentEvidence;
  /** A top-level argument's namesake in the operation's response: the same field of the resource acted on. */
  resourceDescription?: string;
}

/** Rules a namesake in the response may evidence: a unit the request leaves unsaid (amount "in cents"). */
const RESOURCE_KINDS = new Set(['minor-unit-amount', 'unix-time']);
/** A request field that states a unit of its own, which its namesake in the response does not override. */
const OTHER_UNIT = /dollar|euro|decimal|major unit|in units of|seconds|milliseconds|minutes|iso ?8601|rfc ?3339/i;

const UPPER_EXAMPLES: Record<string, string> = { currency: 'USD', country: 'US', 'time-zone': 'Europe/Zurich', locale: 'en-US' };

/** Applies the inference a field supports; returns it, or undefined when the field is not recognised. */
export function recognise(input: RecogniseInput): Inference | undefined {
  const { node, name, description } = input;
  const type = typesOf(node).find((t) => t !== 'null');
  let hit = ownEvidence(name, type, input.vendorFormat ?? node.format, description);
  if (!hit) {
    const doc = input.documentEvidence.get(name);
    const rule = doc && RULES.find((r) => r.kind === doc.kind && r.name.test(name));
    if (doc && rule && type && rule.types.includes(type) && !(rule.contrary && rule.contrary.test(description))) {
      hit = { rule, evidence: `${type} field "${name}", the same name as ${doc.evidence} elsewhere in this document` };
    }
  }
  if (!hit && input.resourceDescription && !OTHER_UNIT.test(description)) {
    // The request's field says nothing of its unit; the resource's own field of that name does.
    const own = ownEvidence(name, type, undefined, input.resourceDescription);
    if (own && RESOURCE_KINDS.has(own.rule.kind) && !own.rule.nameSuffices) hit = { rule: own.rule, evidence: `${own.evidence.replace(/ whose description says /, ' whose namesake in the response says ')}` };
  }
  if (!hit && type === 'integer' && /duration/i.test(name) && enumInMinutes(node.enum)) {
    const rule = RULES.find((r) => r.kind === 'duration' && r.evidence === DURATION_EVIDENCE)!;
    hit = { rule, evidence: `integer field "${name}" whose permitted values are whole hours and days counted in minutes` };
  }
  if (!hit) return undefined;
  // A unit belongs on a field that is only ever a number, or a number or null: the pack compiler says so too.
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const numeric = types.some((t) => t === 'integer' || t === 'number') && types.every((t) => t === 'integer' || t === 'number' || t === 'null');
  if (['minor-unit-amount', 'unix-time', 'duration', 'byte-size'].includes(hit.rule.kind) && (!numeric || node['x-unit'] !== undefined)) return undefined;
  const applied: Record<string, Json> = {};
  const kind = hit.rule.kind;
  const setOrRule = (setName: string, example: string) => {
    const set = valueSet(setName);
    if (Array.isArray(node.enum)) {
      // A vendor list narrower than the registry stays: the registry would accept values the vendor refuses.
      return false;
    }
    if (!set) return false;
    if (node.pattern !== undefined || node.format !== undefined) return false;
    node['x-value-set'] = setName;
    applied['x-value-set'] = setName;
    node['x-example'] = set.values.includes(example) ? example : set.example;
    applied['x-example'] = node['x-example'];
    return true;
  };
  switch (kind) {
    case 'currency': {
      const lower = /lowercase|lower case/i.test(description) || input.documentEvidence.get('currency')?.evidence.includes('lowercase') === true;
      if (!setOrRule(lower ? 'iso-4217-lowercase' : 'iso-4217', lower ? 'usd' : UPPER_EXAMPLES.currency)) return undefined;
      // Case carries no meaning in an ISO 4217 code: `USD` where the vendor writes `usd` is absorbed.
      node['x-fold-case'] = true;
      applied['x-fold-case'] = true;
      break;
    }
    case 'country':
      if (!setOrRule('iso-3166-1-alpha-2', UPPER_EXAMPLES.country)) return undefined;
      break;
    case 'time-zone':
      if (!setOrRule('iana-time-zone', UPPER_EXAMPLES['time-zone'])) return undefined;
      break;
    case 'locale':
      if (!setOrRule('bcp-47-locale', UPPER_EXAMPLES.locale)) return undefined;
      break;
    case 'email':
      if (node.format !== undefined || node.pattern !== undefined || node.enum !== undefined) return undefined;
      if (typeof node.maxLength === 'number' && node.maxLength < 15) return undefined;
      node.format = 'email';
      node['x-example'] = 'ada@example.com';
      applied.format = 'email';
      applied['x-example'] = 'ada@example.com';
      break;
    case 'minor-unit-amount': {
      const unit: Record<string, Json> = { kind: 'currency-minor' };
      const currencySibling = input.siblings.find((s) => /^currency$/i.test(s));
      if (currencySibling && input.parentArgsPath !== undefined) unit.currency = `$args.${input.parentArgsPath ? `${input.parentArgsPath}.` : ''}${currencySibling}`;
      node['x-unit'] = unit;
      applied['x-unit'] = unit;
      break;
    }
    case 'unix-time': {
      const ms = /millisecond/i.test(description);
      node['x-unit'] = { kind: ms ? 'unix-milliseconds' : 'unix-seconds' };
      applied['x-unit'] = node['x-unit'];
      break;
    }
    case 'duration': {
      // The name's unit, else the description's, else the enum's (only minutes explain it).
      const minutes = /minutes$/i.test(name) || (!/seconds$/i.test(name) && (DURATION_EVIDENCE.exec(description)?.[1].toLowerCase() === 'minutes' || (!DURATION_EVIDENCE.test(description) && enumInMinutes(node.enum))));
      node['x-unit'] = { kind: minutes ? 'minutes' : 'seconds' };
      applied['x-unit'] = node['x-unit'];
      break;
    }
    case 'comma-list':
      // An enum or a const fixes the exact strings the vendor takes.
      if (node.enum !== undefined || node.const !== undefined) return undefined;
      node['x-comma-list'] = true;
      applied['x-comma-list'] = true;
      break;
    case 'byte-size':
      node['x-unit'] = { kind: 'bytes' };
      applied['x-unit'] = node['x-unit'];
      break;
  }
  return { tool: input.tool, field: input.field, kind, applied, evidence: hit.evidence };
}
