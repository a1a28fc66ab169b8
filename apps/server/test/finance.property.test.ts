import { loadConfig } from '../src/config.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFinance, type Finance } from '../src/modules/finance/finance.js';
import { pgUrl, startTestServer, type TestServer } from './helpers/testServer.js';
import { expectSound, makeOperator, quickMember } from './financeHelpers.js';
import { httpDriver, Model, opArb, serviceDriver, type World } from './financeModel.js';

const USERS = 5;
let s: TestServer;
let f: Finance;

beforeAll(async () => {
  // Small withdrawals and an exchange rate below 1:1 reach more paths; a 30 % share leaves odd remainders.
  s = await startTestServer({ env: { WITHDRAW_MIN_COINS: '1', EXCHANGE_RATE: '0.9', GIFT_ANCHOR_SHARE: '0.3' } });
  // The service layer of the same database with the same rules (the instance's own is used over HTTP).
  f = createFinance(s.deps, { config: s.services.finance.config });
});
afterAll(async () => {
  await s?.close();
});

async function world(): Promise<World> {
  const db = s.deps.db.kysely;
  const users = [];
  for (let i = 0; i < USERS; i++) users.push(await quickMember(s));
  // Tier-only gifts refuse by VIP tier, which the money model does not follow.
  const gifts = (await db.selectFrom('gifts').select(['id', 'price']).where('vip_min', '=', 0).orderBy('price').execute()).map((g) => ({
    id: g.id,
    price: Number(g.price),
  }));
  const packages = (await f.recharge.categories()).list;
  const c = f.config;
  return { users, gifts, packages, shareBp: c.giftAnchorShareBp, rateBp: c.exchangeRateBp, feeBp: c.withdrawFeeBp, checkInReward: c.checkInRewards[0]! };
}

describe('ledger properties', () => {
  it('keeps every invariant through thousands of random operations (service layer)', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(opArb(USERS), { minLength: 20, maxLength: 40 }), { minLength: 3, maxLength: 5 }), async (batches) => {
        const w = await world();
        const model = new Model(w, serviceDriver(f, w), `p${++run}`);
        for (const batch of batches) {
          for (const op of batch) await model.run(op);
          await model.compare();
          await expectSound(s.deps.db);
        }
      }),
      { numRuns: pgUrl() ? 8 : 20, endOnFailure: true },
    );
    // Loose settings should not hide a fresh-config mistake: the defaults parse too.
    expect(loadConfig({}).finance.withdrawMin).toBeGreaterThan(0);
  }, 120_000);

  it('keeps them over HTTP too (a smaller run)', async () => {
    const op = await quickMember(s, '审核员');
    await makeOperator(s, op.id);
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb(USERS), { minLength: 20, maxLength: 40 }), async (ops) => {
        const w = await world();
        const model = new Model(w, httpDriver(s, w, op.token), `h${++run}`);
        for (const o of ops) await model.run(o);
        await model.compare();
        await expectSound(s.deps.db);
      }),
      { numRuns: pgUrl() ? 3 : 5, endOnFailure: true },
    );
  }, 120_000);
});
