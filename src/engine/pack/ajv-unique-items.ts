// AJV's uniqueItems, made linear where it was quadratic. For items of a scalar type AJV already keeps an
// index of what it has seen, and its code stays as it is (so the generated validators do not change). For
// objects and arrays it compares every pair with a deep equal (20,000 objects: 19 s); there the code calls
// duplicatePair (validate/unique-items.ts), which reports the same pair of indices in one pass.
import { _, type Code, type CodeKeywordDefinition, type KeywordCxt } from 'ajv/dist/2020';
import type Ajv2020 from 'ajv/dist/2020';
import { getSchemaTypes } from 'ajv/dist/compile/validate/dataType';
import { duplicatePair } from '../validate/unique-items';

/**
 * Replaces the code of `ajv`'s uniqueItems rule in place, keeping its place among the array keywords and
 * its error. `standaloneCode` is how generated code reaches duplicatePair; without it, generated code keeps
 * AJV's own loop.
 */
export function linearUniqueItems(ajv: Ajv2020, standalone: { duplicatePair?: unknown } | undefined): void {
  const rule = ajv.RULES.all.uniqueItems;
  if (!rule || typeof rule !== 'object') return;
  const original = rule.definition as CodeKeywordDefinition;
  const ownLoop = standalone === undefined || standalone.duplicatePair !== undefined;
  rule.definition = {
    ...rule.definition,
    code(cxt: KeywordCxt, ruleType?: string) {
      const { gen, data, $data, schema, parentSchema, schemaCode } = cxt;
      if (!ownLoop || (!$data && !schema) || scalarItems(parentSchema as { items?: unknown })) return original.code(cxt, ruleType);
      const valid = gen.let('valid');
      cxt.block$data(
        valid,
        () => {
          const i = gen.let('i', _`${data}.length`);
          const j = gen.let('j');
          cxt.setParams({ i, j });
          gen.assign(valid, true);
          gen.if(_`${i} > 1`, () => {
            const find = gen.scopeValue('func', { ref: duplicatePair, code: standalone?.duplicatePair as Code | undefined });
            const pair = gen.const('pair', _`${find}(${data})`);
            gen.if(pair, () => {
              gen.assign(i, _`${pair}[0]`);
              gen.assign(j, _`${pair}[1]`);
              cxt.error();
              gen.assign(valid, false);
            });
          });
        },
        _`${schemaCode} === false`,
      );
      cxt.ok(valid);
    },
  } as typeof rule.definition;
}

/** Whether AJV's own code is linear for these items: a declared type, and no object or array among it. */
function scalarItems(parentSchema: { items?: unknown }): boolean {
  if (!parentSchema.items || typeof parentSchema.items !== 'object') return false;
  try {
    const types = getSchemaTypes(parentSchema.items as Record<string, unknown>);
    return types.length > 0 && !types.some((t) => t === 'object' || t === 'array');
  } catch {
    // A type AJV itself refuses: its own code throws the same error.
    return true;
  }
}
