/**
 * WHIP/WHEP through the app server (its hooks, its media tokens): CORS on answers and refusals,
 * and the call settings' STUN/TURN servers handed to the client as `Link: rel="ice-server"`.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@app/contract';
import { MediaTokens } from '../src/modules/room/mediaToken.js';
import { startTestServer, TEST_SECRETS, type TestServer } from './helpers/testServer.js';
import { weriftOffer } from './mediaHarness.js';
import { closeSockets, memberIn, operator, ownedRoom } from './roomHarness.js';

const TURN_SECRET = 'turn-secret-for-tests';
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({
    env: { CALL_STUN_URLS: 'stun:stun.example.net:3478', CALL_TURN_URLS: 'turn:turn.example.net:3478?transport=udp', CALL_TURN_SECRET: TURN_SECRET },
  });
});
afterAll(async () => {
  closeSockets();
  await s?.close();
});

describe('WHIP/WHEP on the app server', () => {
  it('answers a preflight and a refusal with CORS headers', async () => {
    const pre = await fetch(`${s.url}/api/media/whep/1`, {
      method: 'OPTIONS',
      headers: { origin: 'https://player.example', 'access-control-request-method': 'POST' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toContain('PATCH');
    const offer = await weriftOffer('play');
    try {
      const refused = await fetch(`${s.url}/api/media/whep/1`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: 'Bearer forged' },
        body: offer.sdp,
      });
      expect(refused.status).toBe(403);
      expect(refused.headers.get('access-control-allow-origin')).toBe('*');
      expect(refused.headers.get('access-control-expose-headers')).toContain('Location');
    } finally {
      await offer.close();
    }
  });

  it("gives a viewer the calls' STUN server and a TURN server with that user's expiring credentials", async () => {
    const { room } = await ownedRoom(s, await operator(s));
    const { who: viewer } = await memberIn(s, room.id);
    const creds = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: viewer.token })).data;
    const offer = await weriftOffer('play');
    try {
      const res = await fetch(`${s.url}${creds.url}?seats=anchor`, {
        method: 'POST',
        headers: { 'content-type': 'application/sdp', authorization: `Bearer ${creds.token}` },
        body: offer.sdp,
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const link = res.headers.get('link') ?? '';
      expect(link).toContain('<stun:stun.example.net:3478>; rel="ice-server"');
      const turn =
        /<turn:turn\.example\.net:3478\?transport=udp>; rel="ice-server"; username="(\d+):(\d+)"; credential="([^"]+)"; credential-type="password"/.exec(link);
      expect(turn, link).not.toBeNull();
      const [, expiry, userId, credential] = turn!;
      expect(Number(userId)).toBe(viewer.user.id);
      expect(Number(expiry)).toBeGreaterThan(Date.now() / 1000);
      expect(credential).toBe(createHmac('sha1', TURN_SECRET).update(`${expiry}:${userId}`).digest('base64'));
      expect((await fetch(`${s.url}${res.headers.get('location')}`, { method: 'DELETE', headers: { authorization: `Bearer ${creds.token}` } })).status).toBe(
        200,
      );
    } finally {
      await offer.close();
    }
  });

  it('refuses an expired media token with 403', async () => {
    const { room } = await ownedRoom(s, await operator(s));
    const { who } = await memberIn(s, room.id);
    const creds = (await s.api.call(api.roomMedia, { room_id: room.id, kind: 'play' }, { token: who.token })).data;
    const tokens = new MediaTokens(Buffer.from(TEST_SECRETS.MEDIA_TOKEN_SECRET, 'utf8'));
    const grant = tokens.verify(creds.token)!;
    const expired = tokens.sign({ ...grant, exp: Math.floor(Date.now() / 1000) - 1 });
    const offer = await weriftOffer('play');
    try {
      const post = (token: string) =>
        fetch(`${s.url}${creds.url}?seats=anchor`, {
          method: 'POST',
          headers: { 'content-type': 'application/sdp', authorization: `Bearer ${token}` },
          body: offer.sdp,
        });
      const res = await post(expired);
      expect(res.status).toBe(403);
      // An expired token says so (an OBS user must fetch a new one), apart from a wrong one's 'forbidden'.
      expect(await res.json()).toMatchObject({ code: 'token_expired' });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      // The same grant unexpired is taken: the expiry alone refused it.
      const freshToken = tokens.sign({ ...grant, exp: Math.floor(Date.now() / 1000) + 60 });
      const fresh = await post(freshToken);
      expect(fresh.status).toBe(201);
      await fetch(`${s.url}${fresh.headers.get('location')}`, { method: 'DELETE', headers: { authorization: `Bearer ${freshToken}` } });
    } finally {
      await offer.close();
    }
  });
});
