import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { api } from './routes.js';
import { gamesHostCalls } from './calls/gamesHost.js';
import { callSignalInput, chatSendInput } from './calls/chat.js';
import { roomIn } from './roomSocket.js';
import { INT4_MAX } from './text.js';

type Leaf = { path: string; schema: z.ZodType };

/** Every string and number leaf of an input schema, with its dotted path. */
function leaves(schema: z.ZodType, path = ''): Leaf[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const sub = (s: unknown, p = path) => leaves(s as z.ZodType, p);
  switch (def.type) {
    case 'string':
    case 'number':
      return [{ path, schema }];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) => sub(v, path ? `${path}.${k}` : k));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return sub(def.innerType);
    case 'array':
      return sub(def.element, `${path}.0`);
    case 'pipe':
      return sub(def.in);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => sub(o));
    case 'intersection':
      return [...sub(def.left), ...sub(def.right)];
    default:
      return [];
  }
}

const inputs: [string, z.ZodType][] = [
  ...Object.entries(api).flatMap(([name, def]) => [
    ...(def.query ? [[`${name} query`, def.query] as [string, z.ZodType]] : []),
    ...(def.body ? [[`${name} body`, def.body] as [string, z.ZodType]] : []),
  ]),
  ...Object.entries(gamesHostCalls).flatMap(([name, def]) => (def.body ? [[`${name} body`, def.body] as [string, z.ZodType]] : [])),
  ...Object.entries(roomIn).map(([name, s]) => [`room ${name}`, s] as [string, z.ZodType]),
  ['hall chatSend', chatSendInput],
  ['hall call', callSignalInput],
];

describe('every input of every call and socket event', () => {
  it('has inputs to check', () => {
    expect(inputs.length).toBeGreaterThan(100);
  });

  it('refuses a NUL in each string field', () => {
    const open: string[] = [];
    for (const [name, schema] of inputs) {
      for (const leaf of leaves(schema)) {
        if ((leaf.schema as unknown as { _zod: { def: { type: string } } })._zod.def.type !== 'string') continue;
        if (leaf.schema.safeParse('ab\u0000cd').success) open.push(`${name}: ${leaf.path}`);
      }
    }
    expect(open).toEqual([]);
  });

  it('bounds every id by the int4 columns', () => {
    const open: string[] = [];
    for (const [name, schema] of inputs) {
      for (const leaf of leaves(schema)) {
        if (!/(^|\.)(id|ids|\w+_id|\w+_ids)(\.0)?$/.test(leaf.path)) continue;
        if ((leaf.schema as unknown as { _zod: { def: { type: string } } })._zod.def.type !== 'number') continue;
        if (leaf.schema.safeParse(INT4_MAX + 1).success) open.push(`${name}: ${leaf.path}`);
        if (!leaf.schema.safeParse(INT4_MAX).success) open.push(`${name}: ${leaf.path} refuses INT4_MAX`);
      }
    }
    expect(open).toEqual([]);
  });
});
