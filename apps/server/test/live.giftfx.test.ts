import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode, fullPath, type Session } from '@app/contract';
import { SERVER_ROOT } from '../src/config.js';
import { checkLottie, MAX_ANIMATION_BYTES } from '../src/modules/admin/giftAnimation.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';
import { member, operator } from './roomHarness.js';

let s: TestServer;
let op: Session;
const FX = path.join(SERVER_ROOT, 'assets/gifts/fx');

beforeAll(async () => {
  s = await startTestServer();
  op = await operator(s);
});
afterAll(async () => {
  await s?.close();
});

const upload = (bytes: Uint8Array | string, token = op.token) => {
  const fd = new FormData();
  fd.append('file', new Blob([bytes], { type: 'application/json' }), 'fx.json');
  return s.api.raw<{ url: string; size: number }>('POST', fullPath(api.adminGiftAnimation), { body: fd, headers: { Authorization: token } });
};

describe('gift animations', () => {
  it('every demo gift has its own Lottie animation under 100 KB, served at its url', async () => {
    const gifts = (await s.api.call(api.commonConfig)).data.gift;
    expect(gifts.length).toBeGreaterThanOrEqual(7);
    const files = new Set<string>();
    for (const g of gifts) {
      expect(g.url).toMatch(/\/static\/gifts\/fx\/[a-z]+\.json$/);
      const res = await fetch(g.url.startsWith('/') ? `${s.url}${g.url}` : g.url);
      expect(res.status).toBe(200);
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.length).toBeLessThan(MAX_ANIMATION_BYTES);
      expect(() => checkLottie(bytes)).not.toThrow();
      files.add(bytes.toString());
    }
    expect(files.size).toBe(gifts.length); // each its own
    expect(readdirSync(FX).filter((f) => f.endsWith('.json')).length).toBe(gifts.length);
  });

  it("an operator uploads an animation, sets it as a gift's url, and the gift version moves", async () => {
    const rocket = readFileSync(path.join(FX, 'rocket.json'));
    const up = await upload(rocket);
    expect(up.code, up.msg).toBe(200);
    const audit = (await s.api.call(api.adminAudit, { size: 1 }, { token: op.token })).data.list[0]!;
    expect(audit).toMatchObject({ action: 'adminGiftAnimation', operator: { id: op.user.id } });
    const served = await fetch(up.data.url.startsWith('/') ? `${s.url}${up.data.url}` : up.data.url);
    expect(JSON.parse(await served.text())).toEqual(JSON.parse(rocket.toString()));

    const before = (await s.api.call(api.adminGifts, undefined, { token: op.token })).data;
    const rose = before.list.find((g) => g.name === '玫瑰')!;
    const saved = await s.api.call(
      api.adminGiftSave,
      { id: rose.id, name: rose.name, icon: rose.icon, url: up.data.url, price: rose.price, sort: rose.sort },
      { token: op.token },
    );
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.gift_version).toBe(before.gift_version + 1);
    const cfg = (await s.api.call(api.commonConfig)).data;
    expect(cfg.app_version.gift_version).toBe(saved.data.gift_version);
    expect(cfg.gift.find((g) => g.gift_id === rose.id)!.url).toContain(up.data.url);
  });

  it('refuses what is not a Lottie animation, a file over 100 KB, and a member who is not an operator', async () => {
    const notJson = await upload('not json');
    expect(notJson.status).toBe(400);
    expect(notJson.code).toBe(ErrorCode.VALIDATION);
    expect(notJson.msg).toContain('file');
    const notLottie = await upload(JSON.stringify({ hello: 1 }));
    expect(notLottie.status).toBe(400);
    expect(notLottie.msg).toContain('Lottie');
    const big = await upload(JSON.stringify({ v: '5', fr: 30, ip: 0, op: 10, w: 1, h: 1, layers: [], pad: 'x'.repeat(MAX_ANIMATION_BYTES) }));
    expect(big.status).toBe(400);
    const someone = await member(s);
    const refused = await upload(readFileSync(path.join(FX, 'heart.json')), someone.token);
    expect(refused.status).toBe(403);
  });
});
