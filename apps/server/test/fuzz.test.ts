import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, fullPath } from '@app/contract';
import { decryptText, encryptText } from '@app/kit';
import { makeOperator } from './financeHelpers.js';
import { arbitraryOf, type JsonSchema } from './helpers/schemaArbitrary.js';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

/**
 * The OpenAPI document drives this suite: for every operation it sends generated valid inputs and
 * invalid ones (missing and wrongly typed fields, huge strings, control characters, big and negative
 * numbers, ids ≥ 2^31, unknown fields, bodies that are not JSON objects, other content types,
 * ciphertext that does not decrypt), anonymously, as a guest and as a member (and the operator
 * calls as an operator too). It fails on any 5xx,
 * any answer that is not the envelope, and any answer that does not match the document's schema
 * for its status (or whose status the operation does not document).
 *
 * FUZZ_SEED replays a run (the seed is in the failure message); FUZZ_BUDGET_MS bounds the time spent
 * after the first pass, which always covers every operation with every kind of input.
 */
const SEED = Number(process.env.FUZZ_SEED ?? randomBytes(4).readUInt32BE(0) >>> 1);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 3_000);
/** Failures listed in the message (all are counted). */
const SHOWN = Number(process.env.FUZZ_SHOW ?? 15);
/** Requests in flight at once. */
const PARALLEL = 6;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  'x-auth': 'public' | 'session' | 'member' | 'operator';
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object> };
}

/** One operation of the document, ready to fuzz. */
interface Op {
  method: string;
  path: string;
  auth: Operation['x-auth'];
  /** The input as one object schema: the query parameters, or the JSON / multipart body. */
  input: JsonSchema;
  inQuery: boolean;
  multipart: boolean;
  answers: Map<number, ValidateFunction>;
}

/** Operators call only the operator calls here: on the others they are members, which the member covers. */
type Caller = 'anonymous' | 'guest' | 'member' | 'operator';
const CALLERS: Caller[] = ['anonymous', 'guest', 'member', 'operator'];

/** One request to send. */
interface Req {
  query?: Record<string, unknown>;
  rawQuery?: string;
  body?: string | FormData;
  headers: Record<string, string>;
}

/** The kinds of input, each made from a valid one. `undefined`: the kind does not apply to the operation. */
type Kind = (op: Op, valid: Record<string, unknown>, pick: <T>(xs: readonly T[]) => T) => Req | undefined;

const LOGOUT = `POST ${fullPath(api.logout)}`;
const DOC_REF = 'https://openapi.local/doc';

let s: TestServer;
let ops: Op[];
const enc = (v: unknown) => encryptText(JSON.stringify(v), s.config.cipherKey, s.config.cipherIv);

beforeAll(async () => {
  s = await startTestServer();
  const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as Doc;
  ops = buildOps(doc);
});
afterAll(async () => {
  await s?.close();
});

/** Every operation with its input schema and a validator per documented status. */
function buildOps(doc: Doc): Op[] {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  ajv.addSchema({ $id: DOC_REF, components: doc.components });
  const out: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const answers = new Map<number, ValidateFunction>();
      for (const [status, res] of Object.entries(op.responses)) {
        const schema = res.content?.['application/json']?.schema;
        if (!schema) throw new Error(`${method} ${path}: answer ${status} has no JSON schema`);
        answers.set(Number(status), ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${DOC_REF}#/components/`))));
      }
      const params = op.parameters?.filter((p) => p.in === 'query') ?? [];
      const content = op.requestBody?.content ?? {};
      const multipart = 'multipart/form-data' in content;
      const input: JsonSchema = params.length
        ? {
            type: 'object',
            properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
            required: params.filter((p) => p.required).map((p) => p.name),
          }
        : (content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? { type: 'object', properties: {} });
      out.push({ method: method.toUpperCase(), path, auth: op['x-auth'], input, inQuery: method === 'get' || method === 'delete', multipart, answers });
    }
  }
  // Logout ends the member's session: it goes last, and the next pass registers a new member.
  return out.sort((a, b) => Number(`${a.method} ${a.path}` === LOGOUT) - Number(`${b.method} ${b.path}` === LOGOUT));
}

// ---- inputs ---------------------------------------------------------------------------------

const json = (body: unknown, type = 'application/json'): Req => ({ body: JSON.stringify(body), headers: { 'Content-Type': type } });

/** A request carrying `input` as the operation takes it (query, JSON body or multipart form). */
function plain(op: Op, input: Record<string, unknown>): Req {
  if (op.inQuery) return { query: input, headers: {} };
  if (!op.multipart) return json(input);
  const form = new FormData();
  for (const [k, v] of Object.entries(input)) if (k !== 'file') form.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  // A few bytes that are no image or video: the upload must refuse them as a business error.
  form.set('file', new Blob([randomBytes(64)], { type: 'image/png' }), 'fuzz.png');
  return { body: form, headers: {} };
}

/** The Requested-Encrypt wire format: the query as one `params` ciphertext, or a text/plain ciphertext body. Never multipart. */
function encrypted(op: Op, params: string, body: string): Req | undefined {
  if (op.multipart) return undefined;
  if (op.inQuery) return { rawQuery: `params=${params}`, headers: { 'Requested-Encrypt': '1' } };
  return { body, headers: { 'Requested-Encrypt': '1', 'Content-Type': 'text/plain' } };
}

const fieldNames = (op: Op, valid: Record<string, unknown>) =>
  [...new Set([...Object.keys(op.input.properties ?? {}), ...Object.keys(valid)])].filter((k) => k !== 'file');
const stringFields = (op: Op) =>
  Object.entries(op.input.properties ?? {})
    .filter(([k, v]) => k !== 'file' && JSON.stringify(v).includes('"string"'))
    .map(([k]) => k);

const BIG_NUMBERS = [2 ** 31, 2 ** 31 + 7, 2 ** 53 + 2, -1, -(2 ** 31) - 1, 0, 0.5, 1e308, -1e308];
const WRONG_TYPES: unknown[] = [{}, [], true, 'abc', 12345, null, [1, 'a']];
const CONTROL_TEXT = ['a\u0000b', '\u0007\u001b[31m红\u0008', 'x\u200b\u202e\ufeffy', '\ud800', '\u0000'];

const KINDS: Record<string, Kind> = {
  valid: (op, v) => plain(op, v),
  encrypted: (op, v) => encrypted(op, encodeURIComponent(enc(v)), enc(v)),
  'missing required field': (op, v, pick) => {
    const required = op.input.required?.filter((k) => k !== 'file') ?? [];
    if (!required.length) return undefined;
    const { [pick(required)]: _gone, ...rest } = v;
    return plain(op, rest);
  },
  'wrong type': (op, v, pick) => {
    const fields = fieldNames(op, v);
    return fields.length ? plain(op, { ...v, [pick(fields)]: pick(WRONG_TYPES) }) : undefined;
  },
  'huge string': (op, v, pick) => {
    const fields = fieldNames(op, v);
    // Query strings stay under the 16 KB header limit (the 431 has its own test); bodies go past 256 KB now and then.
    const size = op.inQuery ? 1_500 : pick([100_000, 300_000]);
    return fields.length ? plain(op, { ...v, [pick(fields)]: '长'.repeat(size / 3) + 'x'.repeat(size - size / 3) }) : undefined;
  },
  'control characters': (op, v, pick) => {
    const fields = stringFields(op);
    return fields.length ? plain(op, { ...v, [pick(fields)]: pick(CONTROL_TEXT) }) : undefined;
  },
  'big or negative number': (op, v, pick) => {
    const fields = fieldNames(op, v);
    return fields.length ? plain(op, { ...v, [pick(fields)]: pick(BIG_NUMBERS) }) : undefined;
  },
  'unknown field': (op, v) => plain(op, { ...v, fuzz_unknown: 1 }),
  'not an object': (op, _v, pick) => (op.inQuery || op.multipart ? undefined : json(pick([[], 'x', null, 123, [{}]]))),
  'malformed JSON': (op, _v, pick) =>
    op.inQuery ? undefined : { body: pick(['{"a":', '{a:1}', '\u0000', '']), headers: { 'Content-Type': 'application/json' } },
  'other content type': (op, v, pick) =>
    op.inQuery
      ? undefined
      : {
          body: pick(['<a/>', 'a=1&b=2', JSON.stringify(v)]),
          headers: { 'Content-Type': pick(['application/xml', 'application/x-www-form-urlencoded', 'text/plain', 'application/octet-stream']) },
        },
  'ciphertext that does not decrypt': (op, _v, pick) =>
    encrypted(op, pick(['%%%', 'bm90', encodeURIComponent(enc([1]))]), pick(['bm90IGNpcGhlcnRleHQ=', '!!', enc('x')])),
};

// ---- callers --------------------------------------------------------------------------------

const tokens: Partial<Record<Caller, string>> = {};
async function tokenOf(caller: Caller): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined;
  if (!tokens[caller]) {
    if (caller === 'member' || caller === 'operator') {
      const session = await quickSession(s);
      if (caller === 'operator') await makeOperator(s, session.user.id);
      tokens[caller] = session.token;
    } else tokens.guest = (await s.api.call(api.visitor, undefined, { headers: { Device: `fuzz-${randomBytes(6).toString('hex')}` } })).data.token;
  }
  return tokens[caller];
}

// ---- sending and checking -------------------------------------------------------------------

function queryString(input: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (Array.isArray(v)) for (const x of v) q.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else q.append(k, v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return q.toString();
}

interface Sent {
  status: number;
  text: string;
}

async function send(op: Op, req: Req, token: string | undefined): Promise<Sent> {
  const qs = req.rawQuery ?? (req.query ? queryString(req.query) : '');
  const headers: Record<string, string> = { Constraint: 'liveapp-h5', ...req.headers, ...(token ? { Authorization: token } : {}) };
  const res = await fetch(`${s.url}${op.path}${qs ? `?${qs}` : ''}`, { method: op.method, headers, body: req.body ?? null });
  const raw = await res.text();
  let text = raw;
  if (res.headers.get('requested-encrypt') === '1') {
    try {
      text = decryptText(raw, s.config.cipherKey, s.config.cipherIv);
    } catch {
      text = `(does not decrypt) ${raw}`;
    }
  }
  return { status: res.status, text };
}

/** Why an answer is wrong, or undefined when it is the envelope the document promises for its status. */
function verdict(op: Op, { status, text }: Sent): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  const env = body as { code?: unknown; msg?: unknown };
  if (typeof body !== 'object' || body === null || !Number.isInteger(env.code) || typeof env.msg !== 'string' || !('data' in body)) return 'not the envelope';
  const validate = op.answers.get(status);
  if (!validate) return `HTTP ${status} is not documented for this operation`;
  if (!validate(body)) return `does not match the documented ${status} answer: ${ajvErrors(validate)}`;
  return undefined;
}

const ajvErrors = (v: ValidateFunction) =>
  (v.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message}`)
    .join('; ');

const show = (v: unknown, n = 160) => {
  const t = typeof v === 'string' ? v : JSON.stringify(v);
  return t && t.length > n ? `${t.slice(0, n)}…(${t.length})` : t;
};

/**
 * A caller the operation refuses (anonymous on a session call, a guest on a member call) is refused
 * before the input is validated, so only the kinds of input that are read before that (the body
 * and the ciphertext) are sent by it: the others would all get the same 401.
 */
const PRE_AUTH = ['valid', 'huge string', 'malformed JSON', 'other content type', 'ciphertext that does not decrypt'];
const skipped = (op: Op, caller: Caller) => caller === 'operator' && op.auth !== 'operator';
const refused = (op: Op, caller: Caller) =>
  (caller === 'anonymous' && op.auth !== 'public') || (caller === 'guest' && (op.auth === 'member' || op.auth === 'operator'));

/** A seed for one attempt, from the run's seed and where the attempt is (so parallel attempts stay reproducible). */
const seedOf = (...at: number[]) => at.reduce((h, x) => Math.imul(h ^ (x + 0x9e3779b9), 0x85ebca6b) >>> 0, SEED);

/** Runs `tasks` with at most PARALLEL at once. */
async function pool(tasks: (() => Promise<void>)[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]!();
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

describe('OpenAPI-driven fuzz', () => {
  it(
    'every operation answers the documented envelope, never a 5xx, whatever it is sent and by whom',
    async () => {
      const failures: string[] = [];
      let sent = 0;
      // Successes by caller: the generated inputs must reach the handlers, not only the validation.
      const successes: Record<Caller, number> = { anonymous: 0, guest: 0, member: 0, operator: 0 };
      const kinds = Object.keys(KINDS);
      const valids = new Map(ops.map((op) => [op, arbitraryOf(op.input) as fc.Arbitrary<Record<string, unknown>>]));

      const attempt = async (op: Op, caller: Caller, kind: string, seed: number) => {
        let n = 0;
        const sample = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed: seed + n++, numRuns: 1 })[0]!;
        const pick = <T>(xs: readonly T[]): T => xs[sample(fc.nat({ max: xs.length - 1 }))]!;
        const req = KINDS[kind]!(op, sample(valids.get(op)!), pick);
        if (!req) return;
        const answer = await send(op, req, await tokenOf(caller));
        sent++;
        // A member or guest whose session ended (logout, a password change) is made again.
        if (answer.status === 401 && caller !== 'anonymous') delete tokens[caller];
        if (answer.status === 200 && answer.text.startsWith('{"code":200,')) successes[caller]++;
        const why = verdict(op, answer);
        if (why)
          failures.push(
            `${op.method} ${op.path} as ${caller}, ${kind} ${show(req.query ?? req.rawQuery ?? req.body)} → ${answer.status} ${show(answer.text, 200)}: ${why}`,
          );
      };
      const at =
        (o: number, c: number, k: number, pass = 0) =>
        () =>
          attempt(ops[o]!, CALLERS[c]!, kinds[k]!, seedOf(pass, o, c, k));

      // Register the member and the guest before the callers run in parallel.
      for (const caller of CALLERS) await tokenOf(caller);
      // First pass: every operation, every caller, every kind of input; logout (the last operation) alone, at the end.
      const first: (() => Promise<void>)[] = [];
      const kindsFor = (o: number, c: number) =>
        skipped(ops[o]!, CALLERS[c]!) ? [] : kinds.map((_, k) => k).filter((k) => !refused(ops[o]!, CALLERS[c]!) || PRE_AUTH.includes(kinds[k]!));
      for (let o = 0; o < ops.length - 1; o++) for (let c = 0; c < CALLERS.length; c++) for (const k of kindsFor(o, c)) first.push(at(o, c, k));
      await pool(first);
      const last = ops.length - 1;
      for (let c = 0; c < CALLERS.length; c++) for (const k of kindsFor(last, c)) await at(last, c, k)();
      // Then random operations, callers and kinds while the budget lasts.
      const until = Date.now() + BUDGET_MS;
      let pass = 1;
      const more = () => async () => {
        while (Date.now() < until) {
          const r = seedOf(pass++);
          const [o, c] = [r % ops.length, (r >>> 8) % CALLERS.length];
          if (!skipped(ops[o]!, CALLERS[c]!)) await at(o, c, (r >>> 16) % kinds.length, pass)();
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, () => more()()));

      expect(ops.length).toBeGreaterThan(100);
      expect(ops.every((op) => op.auth)).toBe(true);
      for (const caller of CALLERS) expect(successes[caller], `successful calls as ${caller}`).toBeGreaterThan(5);
      expect(
        failures.length,
        `FUZZ_SEED=${SEED}: ${failures.length} of ${sent} answers are wrong; the first ${Math.min(SHOWN, failures.length)}:\n${failures.slice(0, SHOWN).join('\n')}`,
      ).toBe(0);
    },
    BUDGET_MS + 120_000,
  );
});
