/**
 * Limits per user and per IP across two instances sharing PostgreSQL and Redis (run by
 * `npm run test:scale`): the scenarios of limits.test.ts with every other call on the other instance.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Session } from '@app/contract';
import { scaleEnabled, useInstancePair } from './helpers/instancePair.js';
import { SCENARIO_MS, chatBurstOverSockets, passwordGuessesOverGuestSessions, pkInviteCancelPairs } from './limitsScenarios.js';
import { closeSockets, operator } from './roomHarness.js';

describe.skipIf(!scaleEnabled())('limits per user and per IP on two instances (PostgreSQL + Redis)', () => {
  const pair = useInstancePair('limits', { MEDIA_TOKEN_SECRET: `secret-${randomUUID()}` });
  let op: Session;

  beforeAll(async () => {
    op = await operator(pair.a);
  });
  afterAll(() => closeSockets());

  it('counts room chat per user over sockets on both instances', () => chatBurstOverSockets(pair.a, pair.b, op), SCENARIO_MS);
  it('counts room password guesses per IP over guest sessions on both instances', () => passwordGuessesOverGuestSessions(pair.a, pair.b, op), SCENARIO_MS);
  it('limits PK invitations per anchor over both instances', () => pkInviteCancelPairs(pair.a, pair.b, op), SCENARIO_MS);
});
