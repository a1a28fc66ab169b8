import { loadConfig } from '../src/config.js';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ErrorCode } from '@app/contract';
import { iceServersFor } from '../src/modules/chat/call.config.js';
import { quickMember } from './financeHelpers.js';
import { startTestServer, type TestServer } from './helpers/testServer.js';

const CALL_ENV = {
  CALL_STUN_URLS: 'stun:stun.live.example:3478',
  CALL_TURN_URLS: 'turn:turn.live.example:3478?transport=udp, turns:turn.live.example:5349',
  CALL_TURN_SECRET: 'a-shared-turn-secret',
  CALL_TURN_TTL_S: '3600',
};

describe('call ICE settings', () => {
  it('give no servers by default (calls on one network)', () => {
    expect(iceServersFor(loadConfig({}).call, 7)).toEqual({ ice_servers: [], expires_at: null });
  });

  it('refuse URLs of the wrong scheme, TURN without its secret, and a nonsense lifetime, naming the variable', () => {
    expect(() => loadConfig({ CALL_STUN_URLS: 'http://stun.example' }).call).toThrow(/CALL_STUN_URLS/);
    expect(() => loadConfig({ CALL_TURN_URLS: 'stun:x.example' }).call).toThrow(/CALL_TURN_URLS/);
    expect(() => loadConfig({ CALL_TURN_URLS: 'turn:x.example' }).call).toThrow(/CALL_TURN_SECRET/);
    expect(() => loadConfig({ ...CALL_ENV, CALL_TURN_TTL_S: '10' }).call).toThrow(/CALL_TURN_TTL_S/);
  });

  it('give each user TURN credentials that expire, as a TURN server with the shared secret checks them', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const { ice_servers, expires_at } = iceServersFor(loadConfig(CALL_ENV).call, 42, now);
    expect(expires_at).toBe('2026-11-25T13:00:00.000Z');
    const [stun, turn] = ice_servers;
    expect(stun).toEqual({ urls: ['stun:stun.live.example:3478'] });
    expect(turn?.urls).toEqual(['turn:turn.live.example:3478?transport=udp', 'turns:turn.live.example:5349']);
    // coturn use-auth-secret: username "<expiry>:<anything>", password Base64(HMAC-SHA1(secret, username)).
    const expiry = now / 1000 + 3600;
    expect(turn?.username).toBe(`${expiry}:42`);
    expect(turn?.credential).toBe(createHmac('sha1', CALL_ENV.CALL_TURN_SECRET).update(`${expiry}:42`).digest('base64'));
    expect(iceServersFor(loadConfig(CALL_ENV).call, 43, now).ice_servers[1]?.credential).not.toBe(turn?.credential);
  });
});

describe('chat/call/ice', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ env: CALL_ENV });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("answers a member the configured servers with that member's own TURN credentials", async () => {
    const m = await quickMember(s);
    const r = await s.api.call(api.callIce, undefined, { token: m.token });
    expect(r.code).toBe(200);
    const turn = r.data.ice_servers.find((i) => i.username);
    expect(turn?.username).toMatch(new RegExp(`^\\d+:${m.id}$`));
    const left = Date.parse(r.data.expires_at ?? '') - Date.now();
    expect(left).toBeGreaterThan(3500_000);
    expect(left).toBeLessThanOrEqual(3600_000);
  });

  it('refuses anonymous callers and guests', async () => {
    const anon = await s.api.call(api.callIce);
    expect([anon.status, anon.code]).toEqual([401, ErrorCode.TOKEN_MISSING]);
    const guest = await s.api.call(api.visitor, undefined, { headers: { Device: 'ice-test-device-01' } });
    const g = await s.api.call(api.callIce, undefined, { token: guest.data.token });
    expect([g.status, g.code]).toEqual([401, ErrorCode.GUEST_NOT_ALLOWED]);
  });
});
