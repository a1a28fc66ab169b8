/**
 * Every games route goes through the contract: the games host's calls are exactly the contract's,
 * each documented with the contract's body and auth level (what `serve()` writes), and every games
 * call, the internal ones included, validates its body with the contract's schema (a field of the
 * wrong type is the envelope's 400 naming it). A route registered around the contract fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCode, GAMES_SECRET_HEADER, gamesHostCalls, gamesInternalCalls, type RouteDef } from '@app/contract';
import { rid } from './financeHelpers.js';
import { startGamesHost, TEST_GAMES_SECRET, type GamesHostProcess } from './helpers/gamesHost.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

process.env.GAMES_SECRET = TEST_GAMES_SECRET;

let s: TestServer;
let host: GamesHostProcess;

beforeAll(async () => {
  s = await startTestServer();
  host = await startGamesHost(s);
});
afterAll(async () => {
  await host?.close();
  await s?.close();
});

interface Op {
  'x-auth'?: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}
type Doc = { paths: Record<string, Record<string, Op>> };
const docOf = async (url: string) => (await (await fetch(url)).json()) as Doc;

/** A valid value for each body field of the games calls. */
const VALID: Record<string, () => unknown> = {
  game: () => 'g2048',
  amount: () => 10_000,
  request_id: rid,
  session: () => 'a'.repeat(43),
  close: () => true,
  round_id: () => 1,
  score: () => 1,
  token: () => 'some-platform-token',
  id: rid,
  user_id: () => 1,
  kind: () => 'in',
  user_ids: () => [1],
};

const fieldsOf = (def: RouteDef) => Object.keys((def.body as unknown as { shape: Record<string, unknown> }).shape);
const validBody = (def: RouteDef) => Object.fromEntries(fieldsOf(def).map((f) => [f, VALID[f]!()]));
const post = (base: string, def: RouteDef, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${def.path}`, { method: def.method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(
    async (r) => ({
      status: r.status,
      ...((await r.json()) as { code: number; msg: string; data: { fields?: { path: string }[] } | null }),
    }),
  );

/** Each field of the body in turn set to a value of no field's type: 400 / 10000 naming that field. */
async function expectEachFieldChecked(base: string, def: RouteDef, headers: Record<string, string> = {}) {
  for (const field of fieldsOf(def)) {
    const r = await post(base, def, { ...validBody(def), [field]: {} }, headers);
    expect([r.status, r.code], `${def.path} ${field}`).toEqual([400, ErrorCode.VALIDATION]);
    expect(r.msg, def.path).toMatch(new RegExp(`^${field}: `));
    expect(r.data?.fields?.[0]?.path, def.path).toBe(field);
  }
  const unknown = await post(base, def, { ...validBody(def), extra: 1 }, headers);
  expect([unknown.status, unknown.code, unknown.data?.fields?.[0]?.path], def.path).toEqual([400, ErrorCode.VALIDATION, 'extra']);
}

describe('the games host routes', () => {
  it("are the contract's calls, each documented with the contract's body and auth level", async () => {
    const doc = await docOf(`${host.url}/api/f4/openapi.json`);
    // Every route not hidden is in the document: one registered around the contract would be listed too.
    const listed = Object.entries(doc.paths).flatMap(([p, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${p}`));
    expect(listed.sort()).toEqual(
      Object.values(gamesHostCalls)
        .map((d) => `${d.method} ${d.path}`)
        .sort(),
    );
    for (const def of Object.values(gamesHostCalls) as RouteDef[]) {
      const op = doc.paths[def.path]![def.method.toLowerCase()]!;
      expect(op['x-auth'], def.path).toBe(def.auth);
      const { $schema: _, ...contractBody } = z.toJSONSchema(def.body!, { io: 'input', target: 'draft-2020-12' });
      expect(op.requestBody!.content['application/json']!.schema, def.path).toEqual(contractBody);
    }
  });

  it("answer a body field of the wrong type with the envelope's 400 naming the field", async () => {
    for (const def of Object.values(gamesHostCalls) as RouteDef[]) await expectEachFieldChecked(host.url, def);
  });
});

describe('the internal games calls', () => {
  const baseOf = (def: RouteDef) => (def === gamesInternalCalls.hostBooks ? host.url : s.url);

  it('refuse a caller without the secret, before reading the body', async () => {
    const refused: Record<string, string>[] = [{}, { [GAMES_SECRET_HEADER]: 'wrong' }, { [GAMES_SECRET_HEADER]: `${TEST_GAMES_SECRET}x` }];
    for (const def of Object.values(gamesInternalCalls) as RouteDef[]) {
      for (const headers of refused) {
        const r = await post(baseOf(def), def, validBody(def), headers);
        expect([r.status, r.code], def.path).toEqual([403, ErrorCode.FORBIDDEN]);
      }
      const malformed = await post(baseOf(def), def, { [fieldsOf(def)[0]!]: {} }, { [GAMES_SECRET_HEADER]: 'wrong' });
      expect([malformed.status, malformed.code], def.path).toEqual([403, ErrorCode.FORBIDDEN]);
    }
  });

  it("check their bodies with the contract's schemas, and are in no document", async () => {
    const secret = { [GAMES_SECRET_HEADER]: TEST_GAMES_SECRET };
    for (const def of Object.values(gamesInternalCalls) as RouteDef[]) await expectEachFieldChecked(baseOf(def), def, secret);
    const books = await post(host.url, gamesInternalCalls.hostBooks, { user_ids: [1] }, secret);
    expect([books.status, books.code, books.data]).toEqual([200, 200, { users: [{ user_id: 1, balance: 0, pending: 0 }] }]);
    const main = JSON.stringify(Object.keys((await docOf(`${s.url}/api/openapi.json`)).paths));
    const games = JSON.stringify(Object.keys((await docOf(`${host.url}/api/f4/openapi.json`)).paths));
    for (const def of Object.values(gamesInternalCalls)) {
      expect(main).not.toContain(def.path);
      expect(games).not.toContain(def.path);
    }
  });
});
