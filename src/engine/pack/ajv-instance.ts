// The one AJV configuration the engine validates with, for every backend that compiles at run time (the AJV
// backend, the imported packs in Node and in the browser) and for the generator of the curated packs'
// validators. Apart from ajv-backend.ts so that the browser's imported packs load AJV without the
// untrusted pattern engine (re2js): their patterns were judged safe when they were imported
// (tests/engine/untrusted-patterns.test.ts holds every one of them to it).
import Ajv2020 from 'ajv/dist/2020';
import Ajv2019 from 'ajv/dist/2019';
import AjvDraft7 from 'ajv';
import unevaluatedModule from 'ajv/dist/vocabularies/unevaluated';
import type { Vocabulary } from 'ajv';
import addFormats from 'ajv-formats';
import type { Dialect } from '../validate/dialect';
import { STRICT_DATE_FORMATS } from '../shared/date-formats';
import { capFormats, cappedRegExp } from '../validate/input-cap';
import { linearUniqueItems } from './ajv-unique-items';

/** How AJV runs a schema's patterns: a function of (pattern, flags) to a tester, as its `code.regExp` option takes. */
export type PatternEngine = ((pattern: string, flags: string) => { test(s: string): boolean; toString(): string }) & { code: string };

/** What a standalone (generated) validator needs instead: code that names the same capped regexp engine and formats. */
export interface StandaloneCode {
  regExp: typeof cappedRegExp;
  formats: unknown;
  /**
   * How generated code names duplicatePair (validate/unique-items.ts), an AJV `Code`; without it, uniqueItems
   * over objects keeps AJV's pairwise loop. `unknown` because these declarations ship without AJV's types.
   */
  duplicatePair?: unknown;
}

/**
 * The one set of AJV options the engine validates with; `standalone` makes the instance able to emit code.
 * `patterns` runs a schema's patterns: the platform's RegExp by default, for schemas the engine wrote or
 * vetted; ajv-backend.ts and imported-pack.ts pass pattern-engine.ts's untrustedRegExp.
 * @internal Left out of the package's declarations (stripInternal), which then name no type of AJV's.
 */
export function newAjv(formats: 'assert' | 'annotate', standalone?: StandaloneCode, dialect: Dialect = '2020-12', patterns: PatternEngine = cappedRegExp) {
  // ownProperties: a key named __proto__, toString or constructor is only present when the caller sent it.
  const options: import('ajv').Options = {
    allErrors: true,
    strict: false,
    // NaN and Infinity are numbers to JavaScript but not to JSON: a server passing parsed values must not accept them.
    strictNumbers: true,
    allowUnionTypes: true,
    logger: false,
    ownProperties: true,
    validateFormats: formats === 'assert',
    // Generated code is for the curated packs, ours: it names the platform's RegExp (cappedRegExp).
    code: standalone ? { regExp: standalone.regExp, source: true, esm: true, formats: standalone.formats as never } : { regExp: patterns },
  };
  let ajv: Ajv2020;
  if (dialect === 'draft-07') {
    // Draft-07 as written: a $ref's siblings are ignored. unevaluatedProperties is no draft-07 keyword, but the
    // compiler closes composed objects with it (pack-compiler.ts), so the vocabulary is added for that alone.
    const draft7 = new AjvDraft7({ ...options, unevaluated: true, ignoreKeywordsWithRef: true });
    // A CommonJS module: some loaders hand over its `default`, some the whole exports object.
    const unevaluated = unevaluatedModule as unknown as Vocabulary | { default: Vocabulary };
    draft7.addVocabulary(Array.isArray(unevaluated) ? unevaluated : (unevaluated as { default: Vocabulary }).default);
    ajv = draft7 as unknown as Ajv2020;
  } else if (dialect === '2019-09') {
    ajv = new Ajv2019(options) as unknown as Ajv2020;
  } else {
    ajv = new Ajv2020(options);
  }
  addFormats(ajv);
  // RFC 3339 as written: ±hh:mm offsets only, and real days and times (date-formats.ts).
  for (const [name, def] of Object.entries(STRICT_DATE_FORMATS)) ajv.addFormat(name, def);
  // No pattern or format ever runs on a pasted megabyte (input-cap.ts).
  capFormats(ajv);
  // uniqueItems over objects in one pass, not pairwise (ajv-unique-items.ts).
  linearUniqueItems(ajv, standalone);
  return ajv;
}

/** The key a tool's wire schema is registered under, in the AJV instance of its pack. */
export function toolKey(packId: string, name: string) {
  return `urn:actionable:${encodeURIComponent(packId)}:${encodeURIComponent(name)}`;
}
