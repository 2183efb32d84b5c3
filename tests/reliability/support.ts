// Shared by the reliability tests: the body schema compiled once, the o200k_base token count, and the
// packs the site ships plus one built from tool definitions, so custom tools are held to the same bar.
import Ajv2020 from 'ajv/dist/2020';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { packFromToolDefinitions, serializeBody, type Body, type CompiledPack } from '../../src/engine';
import { BODY_SCHEMA } from '../../src/engine/body/body-schema';
import { packs } from '../../src/packs';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validateBody = ajv.compile(BODY_SCHEMA);

/** The schema violations of a body, as readable lines; empty when it conforms. */
export function bodySchemaProblems(body: Body): string[] {
  if (validateBody(body)) return [];
  return (validateBody.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}

export const TOKEN_CEILING = 400;

export function bodyTokens(body: Body): number {
  return countTokens(serializeBody(body));
}

/** Tool definitions in OpenAI shape, as a user would paste them; exercises the custom-tools path. */
export const customPack: CompiledPack = packFromToolDefinitions([
  {
    type: 'function',
    function: {
      name: 'book_flight',
      description: 'Book a flight.',
      parameters: {
        type: 'object',
        required: ['origin', 'cabin', 'passengers'],
        properties: {
          origin: { type: 'string', pattern: '^[A-Z]{3}$' },
          cabin: { type: 'string', enum: ['basic_economy', 'economy', 'business'] },
          date: { type: 'string', format: 'date' },
          passengers: { type: 'array', minItems: 1, items: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, age: { type: 'integer', minimum: 0 } } } },
          notes: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
    },
  },
]);

export const allPacks: CompiledPack[] = [...packs, customPack];
