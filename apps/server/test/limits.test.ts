/**
 * Limits per user and per IP on one instance (the memory store): room chat over many sockets of one
 * user, room password guesses over many guest sessions of one IP, PK invite/cancel pairs. The same
 * scenarios run across two instances sharing Redis in limitsScale.test.ts.
 */
import { describe, it } from 'vitest';
import { SCENARIO_MS, chatBurstOverSockets, passwordGuessesOverGuestSessions, pkInviteCancelPairs } from './limitsScenarios.js';
import { useRoomServer } from './roomHarness.js';

describe('limits per user and per IP, one instance', () => {
  const srv = useRoomServer();
  it('counts room chat per user: a burst over 20 sockets of one user gets 5 messages through', () => chatBurstOverSockets(srv.s, srv.s, srv.op), SCENARIO_MS);
  it(
    'counts room password guesses per IP: new guest sessions do not start the count afresh',
    () => passwordGuessesOverGuestSessions(srv.s, srv.s, srv.op),
    SCENARIO_MS,
  );
  it('limits PK invitations per anchor: invite/cancel pairs cannot flood the invited anchor', () => pkInviteCancelPairs(srv.s, srv.s, srv.op), SCENARIO_MS);
});
