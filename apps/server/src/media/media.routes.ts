/**
 * WHIP (RFC 9725) publish and WHEP play over HTTP, non-trickle:
 *   POST   /api/media/whip/:roomId/:seatId   body application/sdp offer → 201 + answer + Location
 *   POST   /api/media/whep/:roomId[?seats=anchor,seat-1]                → 201 + answer + Location
 *   DELETE /api/media/session/:id                                        → 200 (ends the session)
 *   PATCH  /api/media/session/:id                                        → 405 (no trickle, no ICE restart)
 *   OPTIONS on each                                                      → 204 + Allow (+ Accept-Post)
 * Errors are plain JSON `{code, msg}` (codes in errors.ts), not the app's envelope: WHIP clients
 * such as OBS only look at the status, and the web client reads `code`.
 *
 * Register it unprefixed and encapsulated (not through fastify-plugin): its `application/sdp`
 * parser and its error handler then stay inside it.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MediaError, MediaErrorCode } from './errors.js';
import type { Sfu } from './sfu.js';

export type MediaAuthorizeResult = boolean | { userId: string };
/**
 * Decides whether the bearer token may publish to (roomId, seatId) or play roomId. The rooms
 * module issues these per-room/seat tokens. Return false for 403; throw a MediaError for another
 * refusal. `{userId}` names the user: a user re-publishing their own seat replaces their old session.
 */
export type MediaAuthorize = (kind: 'publish' | 'play', roomId: string, seatId: string | undefined, bearerToken: string) => Promise<MediaAuthorizeResult>;

export interface MediaRoutesOptions {
  sfu: Sfu;
  authorize: MediaAuthorize;
}

const SDP = 'application/sdp';
const SESSION_PATH = '/api/media/session';
/** An SDP offer from a browser is 3–10 kB; OBS's is smaller. */
const BODY_LIMIT = 64 * 1024;

export async function mediaRoutes(app: FastifyInstance, opts: MediaRoutesOptions): Promise<void> {
  const { sfu, authorize } = opts;

  const asString = (_req: FastifyRequest, body: string | Buffer, done: (err: null, body: string) => void): void => done(null, String(body));
  app.addContentTypeParser(SDP, { parseAs: 'string', bodyLimit: BODY_LIMIT }, asString);
  // Trickle ICE fragments are parsed only so the PATCH below can answer its 405 instead of a 415.
  app.addContentTypeParser('application/trickle-ice-sdpfrag', { parseAs: 'string', bodyLimit: BODY_LIMIT }, asString);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof MediaError) return sendError(reply, err.status, err.code, err.message);
    const status = err.statusCode ?? 500;
    if (status === 415) return sendError(reply, 415, MediaErrorCode.UNSUPPORTED_MEDIA_TYPE, `the body must be ${SDP}`);
    if (status === 413) return sendError(reply, 413, MediaErrorCode.BAD_SDP, `the SDP offer is larger than ${BODY_LIMIT} bytes`);
    if (status < 500) return sendError(reply, status, MediaErrorCode.BAD_REQUEST, err.message);
    req.log.error({ err }, 'media route failed');
    return sendError(reply, 500, 'internal', 'media server error');
  });

  app.post<{ Params: { roomId: string; seatId: string } }>('/api/media/whip/:roomId/:seatId', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const { roomId, seatId } = req.params;
    const who = await authorizeOrThrow(authorize, req, 'publish', roomId, seatId);
    const offer = sdpBody(req);
    const { answerSdp, sessionId } = await sfu.publish(roomId, seatId, offer, { userId: who.userId });
    return created(reply, answerSdp, sessionId);
  });

  app.post<{ Params: { roomId: string }; Querystring: { seats?: string } }>('/api/media/whep/:roomId', { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const { roomId } = req.params;
    const who = await authorizeOrThrow(authorize, req, 'play', roomId, undefined);
    const offer = sdpBody(req);
    const seats = typeof req.query.seats === 'string' && req.query.seats !== '' ? req.query.seats.split(',') : undefined;
    // Anonymous viewers still need an id (kicks and events name it): a random one per session.
    const viewerId = who.userId ?? `anon-${randomBytes(6).toString('hex')}`;
    const { answerSdp, sessionId } = await sfu.play(roomId, viewerId, offer, { seatIds: seats });
    return created(reply, answerSdp, sessionId);
  });

  app.delete<{ Params: { id: string } }>(`${SESSION_PATH}/:id`, async (req, reply) => {
    // The unguessable session URL is the credential here, as in RFC 9725's session resource.
    if (!sfu.close(req.params.id, 'deleted')) {
      throw new MediaError(MediaErrorCode.SESSION_NOT_FOUND, 'no such media session (already ended?)');
    }
    return reply.code(200).send();
  });

  // RFC 9725: a session supporting neither trickle ICE nor ICE restarts answers PATCH with 405.
  app.patch(`${SESSION_PATH}/:id`, async (_req, reply) => {
    reply.header('allow', 'DELETE, OPTIONS');
    return sendError(reply, 405, MediaErrorCode.BAD_REQUEST, 'trickle ICE and ICE restarts are not supported; POST a new offer');
  });

  // OPTIONS: CORS preflights and endpoint discovery must succeed (RFC 9725 lets clients send them);
  // Accept-Post tells a client which body the endpoint takes.
  const options = (allow: string, acceptPost: boolean) => async (_req: FastifyRequest, reply: FastifyReply) => {
    reply.header('allow', allow);
    if (acceptPost) reply.header('accept-post', SDP);
    return reply.code(204).send();
  };
  app.options('/api/media/whip/:roomId/:seatId', options('POST, OPTIONS', true));
  app.options('/api/media/whep/:roomId', options('POST, OPTIONS', true));
  app.options(`${SESSION_PATH}/:id`, options('DELETE, OPTIONS', false));
}

function sendError(reply: FastifyReply, status: number, code: string, msg: string): FastifyReply {
  if (status === 401) reply.header('www-authenticate', 'Bearer');
  if (status === 503) reply.header('retry-after', '10');
  return reply.code(status).type('application/json').send({ code, msg });
}

function created(reply: FastifyReply, answerSdp: string, sessionId: string): FastifyReply {
  return reply.code(201).header('location', `${SESSION_PATH}/${sessionId}`).type(SDP).send(answerSdp);
}

function sdpBody(req: FastifyRequest): string {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== SDP) throw new MediaError(MediaErrorCode.UNSUPPORTED_MEDIA_TYPE, `the body must be ${SDP}`);
  if (typeof req.body !== 'string' || req.body.trim() === '') {
    throw new MediaError(MediaErrorCode.BAD_SDP, 'the body is empty: POST an SDP offer');
  }
  return req.body;
}

async function authorizeOrThrow(
  authorize: MediaAuthorize,
  req: FastifyRequest,
  kind: 'publish' | 'play',
  roomId: string,
  seatId: string | undefined,
): Promise<{ userId: string | undefined }> {
  const header = req.headers.authorization ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new MediaError(MediaErrorCode.UNAUTHORIZED, 'a bearer token is required (Authorization: Bearer …)');
  const result = await authorize(kind, roomId, seatId, m[1]!);
  if (!result) {
    throw new MediaError(
      MediaErrorCode.FORBIDDEN,
      kind === 'publish' ? `this token may not publish to seat ${seatId} of room ${roomId}` : `this token may not play room ${roomId}`,
    );
  }
  return { userId: result === true ? undefined : result.userId };
}
