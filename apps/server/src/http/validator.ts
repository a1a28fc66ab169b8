import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { checkInput } from './parseInput.js';

/**
 * Validates querystring and body with the contract's zod schema. A failure becomes our BizError
 * (400 / 10000, `msg` naming the first field), so the error handler needs no Ajv-shaped special case.
 * Fastify hands `null` for an absent body; we pass `undefined` so `.optional()` bodies accept it.
 * `checkInput` also refuses a control character left in any string (the encrypted body and query are
 * decrypted before this runs, so they are checked the same).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    return checkInput(schema, data === null ? undefined : data);
  };

/** JSON of frozen envelopes (serve.ts keeps one per cached answer), by envelope. */
const serialized = new WeakMap<object, string>();

/**
 * Answers are already checked against the contract by the route helper: serialising is just JSON.
 * A frozen envelope cannot change, so its JSON is made once.
 */
export const jsonSerializerCompiler = () => (data: unknown) => {
  if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) return JSON.stringify(data);
  let json = serialized.get(data);
  if (json === undefined) {
    json = JSON.stringify(data);
    serialized.set(data, json);
  }
  return json;
};
