/**
 * WHIP (RFC 9725) publish and WHEP play over HTTP:
 *   POST   /api/media/whip/:roomId/:seatId   body application/sdp offer → 201 + answer + Location + ETag + Link
 *   POST   /api/media/whep/:roomId[?seats=anchor,seat-1]                → 201 + answer + Location + ETag + Link
 *   PATCH  /api/media/session/:id   application/trickle-ice-sdpfrag    → 204 (candidates) or 200 + fragment (ICE restart)
 *   DELETE /api/media/session/:id                                        → 200 (ends the session); 204 when the server ended it already
 *   (PATCH and DELETE carry the bearer token that created the session, as WHIP/WHEP clients send it: 401 without, 403 with another)
 *   OPTIONS on each                                                      → 204 + Allow + CORS preflight answer
 * Every answer, errors included, carries CORS headers: players and encoders on other origins
 * (any origin: the bearer token, never a cookie, is the credential). Errors are plain JSON
 * `{code, msg}` (codes in errors.ts), not the app's envelope: WHIP clients such as OBS only look at
 * the status, and the web client reads `code`.
 *
 * Register it unprefixed and encapsulated (not through fastify-plugin): its `application/sdp`
 * parser and its error handler then stay inside it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allowedCandidates, withAllowedCandidates, type CandidatePolicy } from './candidates.js';
import { MediaError, MediaErrorCode } from './errors.js';
import { parseSdpFrag, SDPFRAG } from './ice.js';
import type { MediaSessions, SessionAnswer } from './engine.js';

export type MediaAuthorizeResult = boolean | { userId: string };
/**
 * Decides whether the bearer token may publish to (roomId, seatId) or play roomId. The rooms
 * module issues these per-room/seat tokens. Return false for 403; throw a MediaError for another
 * refusal. `{userId}` names the user: a user re-publishing their own seat replaces their old session.
 */
export type MediaAuthorize = (kind: 'publish' | 'play', roomId: string, seatId: string | undefined, bearerToken: string) => Promise<MediaAuthorizeResult>;

/** A STUN or TURN server as RTCIceServer has it (the call module's shape). */
export interface MediaIceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface MediaRoutesOptions {
  /** The engine that serves the sessions: the embedded SFU or the Janus engine. */
  engine: MediaSessions;
  authorize: MediaAuthorize;
  /**
   * STUN/TURN servers for the client of an accepted session, sent as `Link: <url>; rel="ice-server"`
   * (RFC 9725 §4.6); TURN credentials made for that user. None: clients use their own settings.
   */
  iceServers?: (userId: string | undefined) => MediaIceServer[];
  /**
   * This instance's own origin (MEDIA_PUBLIC_URL): session URLs are made absolute on it, so a
   * client's PATCH and DELETE reach the instance holding the session even when its POST came in
   * through a name every instance shares (a load balancer). Unset: relative to the POST's URL.
   */
  sessionBase?: string;
  /** Which client candidates reach the engine (candidates.ts); unset: any address, private ones included. */
  candidates?: CandidatePolicy;
}

const SDP = 'application/sdp';
const SESSION_PATH = '/api/media/session';
/** An SDP offer from a browser is 3–10 kB; OBS's is smaller. */
const BODY_LIMIT = 64 * 1024;

export async function mediaRoutes(app: FastifyInstance, opts: MediaRoutesOptions): Promise<void> {
  const { engine, authorize } = opts;
  const iceServers = opts.iceServers ?? (() => []);
  const candidates = opts.candidates ?? { cidrs: undefined, privateAllowed: true };
  // The hash of the token that created each session: its PATCH and DELETE must carry that token
  // (a session URL alone, leaked through a log or a shared screen, ends or restarts nothing).
  const owners = new Map<string, Buffer>();

  const asString = (_req: FastifyRequest, body: string | Buffer, done: (err: null, body: string) => void): void => done(null, String(body));
  app.addContentTypeParser(SDP, { parseAs: 'string', bodyLimit: BODY_LIMIT }, asString);
  app.addContentTypeParser(SDPFRAG, { parseAs: 'string', bodyLimit: BODY_LIMIT }, asString);

  // CORS on every answer of these routes, errors and preflights included (onSend runs for all).
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', EXPOSE_HEADERS);
    return payload;
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof MediaError) return sendError(reply, err.status, err.code, err.message);
    const status = err.statusCode ?? 500;
    if (status === 415) return sendError(reply, 415, MediaErrorCode.UNSUPPORTED_MEDIA_TYPE, `the body must be ${req.method === 'PATCH' ? SDPFRAG : SDP}`);
    if (status === 413) return sendError(reply, 413, MediaErrorCode.BAD_SDP, `the SDP offer is larger than ${BODY_LIMIT} bytes`);
    if (status < 500) return sendError(reply, status, MediaErrorCode.BAD_REQUEST, err.message);
    req.log.error({ err }, 'media route failed');
    return sendError(reply, 500, 'internal', 'media server error');
  });

  app.post<{ Params: { roomId: string; seatId: string } }>('/api/media/whip/:roomId/:seatId', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const { roomId, seatId } = req.params;
    const who = await authorizeOrThrow(authorize, req, 'publish', roomId, seatId);
    const offer = withAllowedCandidates(sdpBody(req), candidates);
    const answer = await engine.publish(roomId, seatId, offer, { userId: who.userId });
    if (engine.session(answer.sessionId)) owners.set(answer.sessionId, who.tokenHash);
    return created(reply, answer, iceServers(who.userId), opts.sessionBase);
  });

  app.post<{ Params: { roomId: string }; Querystring: { seats?: string } }>('/api/media/whep/:roomId', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const { roomId } = req.params;
    const who = await authorizeOrThrow(authorize, req, 'play', roomId, undefined);
    const offer = withAllowedCandidates(sdpBody(req), candidates);
    const seats = typeof req.query.seats === 'string' && req.query.seats !== '' ? req.query.seats.split(',') : undefined;
    // Anonymous viewers still need an id (kicks and events name it): a random one per session.
    const viewerId = who.userId ?? `anon-${randomBytes(6).toString('hex')}`;
    const answer = await engine.play(roomId, viewerId, offer, { seatIds: seats });
    if (engine.session(answer.sessionId)) owners.set(answer.sessionId, who.tokenHash);
    return created(reply, answer, iceServers(who.userId), opts.sessionBase);
  });

  // Sessions the server ended (room closed, kick, idle, a failed connection): a client's DELETE that
  // arrives after that confirms what already happened (204), instead of a 404 in its console.
  const endedByServer = new RecentIds(ENDED_REMEMBERED);
  const remember = (e: { sessionId: string; reason: string }) => {
    owners.delete(e.sessionId);
    if (e.reason !== 'deleted') endedByServer.add(e.sessionId);
  };
  const ownerOrThrow = (req: FastifyRequest, sessionId: string): void => {
    const sent = tokenHash(bearerOrThrow(req));
    const owner = owners.get(sessionId);
    if (!owner || !timingSafeEqual(sent, owner)) throw new MediaError(MediaErrorCode.FORBIDDEN, 'this token did not create this media session');
  };
  const unsubscribe = [engine.on('publisher-down', remember), engine.on('viewer-down', remember)];
  app.addHook('onClose', async () => unsubscribe.forEach((off) => off()));

  app.delete<{ Params: { id: string } }>(`${SESSION_PATH}/:id`, async (req, reply) => {
    if (engine.session(req.params.id)) ownerOrThrow(req, req.params.id);
    if (engine.close(req.params.id, 'deleted')) return reply.code(200).send();
    if (endedByServer.take(req.params.id)) return reply.code(204).send();
    throw new MediaError(MediaErrorCode.SESSION_NOT_FOUND, 'no such media session (already ended?)');
  });

  // Trickle ICE (204) and ICE restarts (200 + the answer fragment, a new ETag), with the token that
  // created the session, as for DELETE; If-Match, when sent, must name the session's current ETag.
  app.patch<{ Params: { id: string } }>(`${SESSION_PATH}/:id`, { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    // An unknown session is 404 whatever the body says.
    if (!engine.session(req.params.id)) throw new MediaError(MediaErrorCode.SESSION_NOT_FOUND, 'no such media session (already ended?)');
    ownerOrThrow(req, req.params.id);
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== SDPFRAG) throw new MediaError(MediaErrorCode.UNSUPPORTED_MEDIA_TYPE, `the body must be ${SDPFRAG}`);
    const frag = parseSdpFrag(typeof req.body === 'string' ? req.body : '');
    frag.candidates = allowedCandidates(frag.candidates, (c) => c.candidate, candidates);
    const restarted = await engine.patch(req.params.id, frag, req.headers['if-match']);
    if (!restarted) return reply.code(204).send();
    return reply.code(200).header('etag', restarted.etag).type(SDPFRAG).send(restarted.answerFrag);
  });

  // OPTIONS: CORS preflights and endpoint discovery (RFC 9725). Every method of the protocol is
  // listed on each URL: standard clients read PATCH here to decide whether to trickle.
  const options = (allow: string, accept: 'post' | 'patch') => async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', allow);
    reply.header(accept === 'post' ? 'accept-post' : 'accept-patch', accept === 'post' ? SDP : SDPFRAG);
    reply.header('access-control-allow-methods', 'POST, PATCH, DELETE, OPTIONS');
    reply.header('access-control-allow-headers', 'Authorization, Content-Type, If-Match');
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  };
  app.options('/api/media/whip/:roomId/:seatId', options('POST, OPTIONS', 'post'));
  app.options('/api/media/whep/:roomId', options('POST, OPTIONS', 'post'));
  app.options(`${SESSION_PATH}/:id`, options('PATCH, DELETE, OPTIONS', 'patch'));
}

/** How many server-ended session ids are kept for a late DELETE (the oldest forgotten first). */
const ENDED_REMEMBERED = 10_000;

/** A bounded set of ids, oldest evicted first; `take` answers once per id. */
class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly max: number) {}
  add(id: string): void {
    this.ids.add(id);
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
  }
  take(id: string): boolean {
    return this.ids.delete(id);
  }
}

/** Headers a page on another origin may read: the session URL, its ETag, the ICE servers, refusal hints. */
const EXPOSE_HEADERS = 'Location, ETag, Link, Accept-Patch, Accept-Post, Retry-After, WWW-Authenticate';

function sendError(reply: FastifyReply, status: number, code: string, msg: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  if (status === 503) reply.header('retry-after', '10');
  return reply.code(status).type('application/json').send({ code, msg });
}

function created(reply: FastifyReply, answer: SessionAnswer, servers: MediaIceServer[], base = ''): FastifyReply {
  const links = servers.flatMap(iceServerLinks);
  if (links.length > 0) reply.header('link', links);
  return reply
    .code(201)
    .header('location', `${base}${SESSION_PATH}/${answer.sessionId}`)
    .header('etag', answer.etag)
    .header('accept-patch', SDPFRAG)
    .type(SDP)
    .send(answer.answerSdp);
}

/** RFC 9725 §4.6: one Link per URL; TURN with its username and credential as link parameters. */
function iceServerLinks(server: MediaIceServer): string[] {
  const urls = Array.isArray(server.urls) ? server.urls : [server.urls];
  const quote = (v: string) => `"${v.replace(/["\\]/g, '')}"`;
  const creds =
    server.username !== undefined && server.credential !== undefined
      ? `; username=${quote(server.username)}; credential=${quote(server.credential)}; credential-type="password"`
      : '';
  return urls.map((u) => `<${u}>; rel="ice-server"${creds}`);
}

function sdpBody(req: FastifyRequest): string {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== SDP) throw new MediaError(MediaErrorCode.UNSUPPORTED_MEDIA_TYPE, `the body must be ${SDP}`);
  if (typeof req.body !== 'string' || req.body.trim() === '') {
    throw new MediaError(MediaErrorCode.BAD_SDP, 'the body is empty: POST an SDP offer');
  }
  return req.body;
}

/** The request's bearer token, or 401. */
function bearerOrThrow(req: FastifyRequest): string {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  if (!m) throw new MediaError(MediaErrorCode.UNAUTHORIZED, 'a bearer token is required (Authorization: Bearer …)');
  return m[1]!;
}

const tokenHash = (token: string): Buffer => createHash('sha256').update(token).digest();

async function authorizeOrThrow(
  authorize: MediaAuthorize,
  req: FastifyRequest,
  kind: 'publish' | 'play',
  roomId: string,
  seatId: string | undefined,
): Promise<{ userId: string | undefined; tokenHash: Buffer }> {
  const token = bearerOrThrow(req);
  const result = await authorize(kind, roomId, seatId, token);
  if (!result) {
    throw new MediaError(
      MediaErrorCode.FORBIDDEN,
      kind === 'publish' ? `this token may not publish to seat ${seatId} of room ${roomId}` : `this token may not play room ${roomId}`,
    );
  }
  return { userId: result === true ? undefined : result.userId, tokenHash: tokenHash(token) };
}
