import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, API_BASE, fullPath, gamesHostCalls } from '@app/contract';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.join(here, 'fixtures/seed-calls.tsv');
const SHARED = path.resolve(here, '../../../../shared/conformance/seed-calls.tsv');

/** `METHOD /full/path` of every call the seed names (the fixture is a copy of ../shared/conformance). */
function seedCalls(file: string): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [method, p] = l.split('\t');
      return `${method} ${p!.startsWith('/') ? p : `${API_BASE}/${p}`}`;
    });
}

const tableKeys = (defs = Object.values(api)) => new Set(defs.map((d) => `${d.method} ${fullPath(d)}`));

async function openapiOps(url: string): Promise<Set<string>> {
  const doc = (await (await fetch(`${url}/api/openapi.json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
  expect(doc.openapi).toBe('3.1.0');
  const ops = new Set<string>();
  for (const [p, methods] of Object.entries(doc.paths)) for (const m of Object.keys(methods)) ops.add(`${m.toUpperCase()} ${p}`);
  return ops;
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s?.close();
});

describe('OpenAPI', () => {
  it('lists exactly the routes of the contract table, and nothing else', async () => {
    expect([...(await openapiOps(s.url))].sort()).toEqual([...tableKeys()].sort());
  });

  it('serves every call the seed names, with its method and path (the games host serves the /api/f4 ones)', () => {
    const table = tableKeys();
    const gamesHost = new Set(Object.values(gamesHostCalls).map((d) => `${d.method} ${d.path}`));
    const calls = seedCalls(FIXTURE);
    expect(calls.length).toBe(75);
    for (const call of calls) {
      if (gamesHost.has(call)) continue;
      expect(table, call).toContain(call);
      // Served for real, not just listed: the router knows the method and path.
      const [method, p] = call.split(' ') as [string, string];
      expect(s.app.hasRoute({ method: method as 'GET', url: p }), call).toBe(true);
    }
    expect([...gamesHost].filter((c) => calls.includes(c)).sort()).toEqual(['POST /api/f4/login', 'POST /api/f4/trans/out']);
  });

  it('keeps the seed-call fixture in step with ../shared/conformance', () => {
    if (!fs.existsSync(SHARED)) return;
    expect(seedCalls(FIXTURE)).toEqual(seedCalls(SHARED));
  });

  it('describes the upload as multipart with a binary file part, and marks token routes', async () => {
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> }; security?: unknown[] }>
      >;
    };
    const upload = doc.paths[fullPath(api.uploadFile)]!.post!;
    expect(upload.requestBody!.content['multipart/form-data']!.schema.properties.file).toMatchObject({ type: 'string', format: 'binary' });
    expect(doc.paths[fullPath(api.userInfo)]!.get!.security).toEqual([{ token: [] }]);
    expect(doc.paths[fullPath(api.commonConfig)]!.get!.security).toBeUndefined();
  });

  it('documents every status each call can answer, each with its error envelope as a shared component', async () => {
    type Op = { responses: Record<string, { content: Record<string, { schema: { $ref?: string; anyOf?: { $ref?: string }[] } }> }>; 'x-auth': string };
    const doc = (await (await fetch(`${s.url}/api/openapi.json`)).json()) as {
      info: { description: string };
      paths: Record<string, Record<string, Op>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(Object.keys(doc.components.schemas).sort()).toEqual([
      'BadRequest',
      'BusinessError',
      'Forbidden',
      'NotFound',
      'RateLimited',
      'ServerError',
      'SessionError',
      'TooLarge',
      'UnsupportedType',
    ]);
    // Rate limits are the server's (auth, verification and guest routes): 429 is documented exactly there.
    const limited = new Set<string>();
    for (const [p, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const def = Object.values(api).find((d) => d.method === m.toUpperCase() && fullPath(d) === p)!;
        const expected = [200, 400, 500];
        if (def.auth !== 'public' || ('answers' in def && def.answers?.includes(401))) expected.push(401);
        if (def.auth === 'operator') expected.push(403);
        if (def.method !== 'GET') expected.push(413, 415);
        const statuses = Object.keys(op.responses).map(Number);
        if (statuses.includes(429)) limited.add(`${def.method} ${p}`);
        expect(
          statuses.filter((x) => x !== 429),
          `${m} ${p}`,
        ).toEqual(expected.sort((a, b) => a - b));
        expect(op['x-auth']).toBe(def.auth);
        const schemaOf = (status: number) => op.responses[status]!.content['application/json']!.schema;
        expect(schemaOf(200).anyOf?.[1]).toEqual({ $ref: '#/components/schemas/BusinessError' });
        expect(schemaOf(400)).toEqual({ $ref: '#/components/schemas/BadRequest' });
        expect(schemaOf(500)).toEqual({ $ref: '#/components/schemas/ServerError' });
      }
    }
    for (const d of [api.login, api.register, api.uniqueCode, api.sendSms, api.visitor]) expect(limited, d.path).toContain(`${d.method} ${fullPath(d)}`);
    expect(limited).not.toContain(`GET ${fullPath(api.commonConfig)}`);
    // The games host's calls are in its own document, linked from this one.
    expect(doc.info.description).toContain(':8090/api/f4/openapi.json');
  });

  it('serves the docs UI', async () => {
    const res = await fetch(`${s.url}/api/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});

describe('production mode', () => {
  it('does not serve or list the dev-only routes', async () => {
    // What a production start allows (productionStart.test.ts): no dev routes, no demo content.
    const prod = await startTestServer({ config: { nodeEnv: 'production', devRoutes: false, seedDemo: false } });
    try {
      const expected = tableKeys(Object.values(api).filter((d) => !('devOnly' in d && d.devOnly)));
      expect([...(await openapiOps(prod.url))].sort()).toEqual([...expected].sort());
      const r = await prod.api.raw('GET', `${fullPath(api.devLastSms)}?mobile=13800000001`);
      expect([r.status, r.code]).toEqual([404, 10002]);
    } finally {
      await prod.close();
    }
  });
});
