import fc from 'fast-check';

/** The part of JSON Schema (2020-12, as the OpenAPI document has it) the generator reads. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Valid values stay small: ids and amounts up to this, lists up to 4 items, strings up to 40 characters. */
const SMALL_INT = 100_000;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A string matching `pattern` (fast-check's regex generator; filtered when it cannot read the pattern). */
function matching(pattern: string, min: number, max: number): fc.Arbitrary<string> {
  const re = new RegExp(pattern, 'u');
  const fits = (s: string) => s.length >= min && s.length <= max && re.test(s) && !CONTROL.test(s);
  try {
    return fc.stringMatching(re).filter(fits);
  } catch {
    // Look-aheads (the password rule): letters and digits, kept when they match.
    return fc.string({ unit: fc.constantFrom(...'abcXYZ0123456789_'), minLength: Math.max(min, 2), maxLength: Math.min(max, 24) }).filter(fits);
  }
}

/** Plain text: ASCII or any Unicode grapheme, without control characters (those are an invalid input of their own). */
function text(min: number, max: number): fc.Arbitrary<string> {
  const maxLength = Math.min(max, Math.max(min, 40));
  return fc
    .oneof(fc.string({ minLength: min, maxLength }), fc.string({ unit: 'grapheme', minLength: min, maxLength }))
    .filter((s) => !CONTROL.test(s) && s.length >= min && s.length <= max && s.trim().length >= Math.min(min, 1));
}

function integer(s: JsonSchema): fc.Arbitrary<number> {
  const min = s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : (s.minimum ?? -SMALL_INT);
  const max = s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : (s.maximum ?? SMALL_INT);
  const lo = Math.max(min, -SMALL_INT);
  const hi = Math.max(lo, Math.min(max, SMALL_INT));
  // Small ids (the seeded rows) as often as any.
  return fc.oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 10) }), fc.integer({ min: lo, max: hi }));
}

/**
 * Values valid for a JSON schema of the document (requests only: objects, arrays, strings with
 * their patterns and lengths, numbers within bounds, enums, unions). Optional properties come and go.
 */
export function arbitraryOf(s: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!s || Object.keys(s).length === 0) return fc.constant('x');
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map(arbitraryOf));
  if (s.allOf?.length) return arbitraryOf(Object.assign({}, ...s.allOf) as JsonSchema);
  if (Array.isArray(s.type)) return fc.oneof(...s.type.map((type) => arbitraryOf({ ...s, type })));
  switch (s.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return integer(s);
    case 'number':
      return fc.oneof(
        integer(s),
        fc.double({
          min: Math.max(s.minimum ?? -SMALL_INT, -SMALL_INT),
          max: Math.min(s.maximum ?? SMALL_INT, SMALL_INT),
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'string': {
      const min = s.minLength ?? 0;
      const max = s.maxLength ?? 200;
      if (s.pattern) return matching(s.pattern, min, max);
      if (s.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      return text(min, max);
    }
    case 'array':
      return fc.array(arbitraryOf(s.items), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) });
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    default:
      return fc.constant('x');
  }
}
