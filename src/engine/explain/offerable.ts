// Whether a candidate may be shown to the model: short enough for the body's budget, and holding the
// caller's own text only where a rule of the schema constrains it. A did_you_mean is read and followed;
// free text the caller wrote stays under `received`.
import { patternOf, type Segment } from '../paths';
import type { CompiledTool, ExplainContext, Json } from '../types';

/** A candidate longer than this, as JSON, would crowd the body's token budget; none is offered. */
const MAX_CANDIDATE_CHARS = 300;

export function shortEnough(v: Json): boolean {
  return JSON.stringify(v).length <= MAX_CANDIDATE_CHARS;
}

/** Text with no spaces, short: a token, an id or a sheet range (`Summary!A1:B10`), never a sentence (an instruction needs words). */
export const TOKEN_TEXT = /^[A-Za-z0-9_.:/@+#!-]{0,64}$/;

/**
 * Whether a candidate built from what was sent holds the caller's text only where a rule of the schema
 * constrains it (a pattern, a format or a set) or as a short token. Free text the caller wrote belongs
 * under `received` alone: a did_you_mean must not carry an injected sentence to the model.
 */
function constrainedText(tool: CompiledTool, pattern: string, v: Json): boolean {
  if (typeof v === 'string') {
    const f = tool.fields.get(pattern);
    return (f !== undefined && (typeof f.schema.pattern === 'string' || typeof f.schema.format === 'string' || f.enumValues !== undefined)) || TOKEN_TEXT.test(v);
  }
  if (Array.isArray(v)) return v.every((x) => constrainedText(tool, `${pattern}[]`, x));
  if (v !== null && typeof v === 'object') {
    return Object.entries(v).every(([k, x]) => {
      const at = pattern ? `${pattern}.${k}` : k;
      return (tool.fields.has(at) || TOKEN_TEXT.test(k)) && constrainedText(tool, at, x);
    });
  }
  return true;
}

/** A candidate fit to offer: short, and holding no free text of the caller's (see constrainedText). */
export function offerable(ctx: ExplainContext, path: readonly Segment[], candidate: Json): boolean {
  return shortEnough(candidate) && constrainedText(ctx.tool, patternOf(path), candidate);
}
