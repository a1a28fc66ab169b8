import { CONTROL_MESSAGE, controlPath } from '@app/contract';
import type { z } from 'zod';
import { validationError, type BizError } from './errors.js';
import { issuesToFields } from './zodIssues.js';

/**
 * Checks client input (an HTTP query or body, a socket payload) with its contract schema. The
 * contract's text helpers refuse control characters field by field; under them, any string of the
 * validated input still holding one (NUL above all, which PostgreSQL cannot store) is refused here
 * naming its path, so a field that forgot its helper cannot reach the database with it.
 */
export function checkInput<S extends z.ZodType>(schema: S, data: unknown): { value: z.output<S> } | { error: BizError } {
  const r = schema.safeParse(data);
  if (!r.success) return { error: validationError(issuesToFields(r.error.issues)) };
  const path = controlPath(r.data);
  if (path) return { error: validationError([{ path: path.join('.'), message: CONTROL_MESSAGE }]) };
  return { value: r.data };
}

/** `checkInput` that throws the field error (400 / 10000). */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const r = checkInput(schema, data);
  if ('error' in r) throw r.error;
  return r.value;
}
