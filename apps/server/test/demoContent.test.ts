/**
 * A fresh start looks alive and honest: demo members have really sent gifts (ledger entries), so
 * the rankings, the anchors' earnings and the demo account's wallet are non-empty, the demo rooms
 * are live (the demo publisher streams into them), and the ledger check passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { eventually } from '@app/testkit';
import { DEMO_USER } from '../src/demo/seed.js';
import { isSound } from '../src/modules/finance/ledger/invariants.js';
import { demoGifts } from '../src/demo/demoGifts.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ env: { SEED_DEMO: '1', DEMO_PUBLISHER: 'on', DEMO_GIFTS: 'on' } });
}, 60_000);
afterAll(async () => s?.close());

describe('a fresh start', () => {
  it('has rankings, live rooms and wallets from real gifts, and a sound ledger', async () => {
    const wealth = await eventually(async () => {
      const r = (await s.api.call(api.rankFetch, { type: 'wealth', period: 'day' })).data;
      return r.list.length >= 5 && r;
    });
    const charm = (await s.api.call(api.rankFetch, { type: 'charm', period: 'day' })).data;
    expect(charm.list.map((e) => e.user.is_anchor)).toEqual([true, true, true, true]);
    expect(wealth.list.map((e) => e.user.nickname)).toContain(DEMO_USER.nickname);

    const rooms = await eventually(
      async () => {
        const r = (await s.api.call(api.anchorList, { page: 1, size: 20 })).data;
        return r.list.length === 4 && r;
      },
      { timeout: 30_000, what: 'the four demo rooms live' },
    );
    expect(rooms.list.every((r) => r.cover.endsWith('.svg'))).toBe(true);

    const demo = (await s.api.login(DEMO_USER.mobile, DEMO_USER.password)).data;
    const wallet = (await s.api.call(api.financeWallet, {}, { token: demo.token })).data;
    expect(wallet.coin).toBeGreaterThan(0);
    const records = (await s.api.call(api.userMoneyChange, { page: 1, size: 20 }, { token: demo.token })).data.list;
    expect(records.filter((r) => r.type === 'gift').map((r) => typeof r.params.gift_id)).toEqual(['number', 'number']);
    expect(records.some((r) => r.type === 'adjust')).toBe(true);

    expect(isSound(await s.services.finance.check())).toBe(true);
  }, 60_000);

  it('grants and sends once per database (another start moves nothing)', async () => {
    const k = s.deps.db.kysely;
    const grants = async () => (await k.selectFrom('transfers').select('id').where('idem_key', 'like', 'demo:grant:%').execute()).length;
    const sends = async () => (await k.selectFrom('gift_records').select('id').execute()).length;
    expect(await grants()).toBe(7);
    const before = await sends();
    expect(before).toBeGreaterThanOrEqual(8);
    const again = demoGifts({ db: s.deps.db, log: s.app.log, ledger: s.services.finance.ledger, gifts: s.services.finance.gift, spreadMs: 0 });
    await again.start();
    again.stop();
    expect(await grants()).toBe(7);
    expect(await sends()).toBeLessThanOrEqual(24);
  });
});
