/**
 * Helpers of the room suites: anchors made through the real apply → approve flow, and room-channel
 * sockets like the web client's (websocket only), with acked emits and auto-acknowledged events.
 */
import { afterAll, beforeAll } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { api, HALL_PATH, ROOM_NAMESPACE, type RoomAck, type RoomClientEvents, type RoomInfo, type RoomServerEvents, type Session } from '@app/contract';
import { idCardCheckChar } from '@app/kit';
import { addOperator } from '../src/cli/commands.js';
import { eventually, freshMobile } from '@app/testkit';
import { quickSession } from './helpers/members.js';
import { startTestServer, type TestServer, type TestServerOptions } from './helpers/testServer.js';

export type RoomSocket = Socket<RoomServerEvents, RoomClientEvents>;
type Payload<E extends keyof RoomServerEvents> = Parameters<RoomServerEvents[E]>[0];
type AckData<E extends keyof RoomClientEvents> = Parameters<RoomClientEvents[E]>[1] extends (r: RoomAck<infer T>) => void ? T : never;

/** A valid id card number (correct check character) for applications. */
export const ID_CARD = (() => {
  const first = '11010119900307425';
  return first + idCardCheckChar(first);
})();

export const applyBody = (mobile: string) => ({ real_name: '张三', id_card: ID_CARD, mobile, introduction: '喜欢唱歌，每晚直播' });

/** A signed-up member with a session (made in the database: see quickSession). */
export const member = (s: TestServer): Promise<Session> => quickSession(s);

/** Registers an operator. */
export async function operator(s: TestServer): Promise<Session> {
  const mobile = freshMobile();
  const session = await s.api.register(mobile);
  await addOperator(s.deps.db, mobile);
  return session;
}

/** A member who applied and was approved by the operator. */
export async function anchor(s: TestServer, op: Session): Promise<Session> {
  const session = await member(s);
  const applied = await s.api.call(api.anchorApply, applyBody(freshMobile()), { token: session.token });
  if (applied.code !== 200) throw new Error(`apply failed: ${applied.code} ${applied.msg}`);
  const approved = await s.api.call(api.adminAnchorApprove, { user_id: session.user.id }, { token: op.token });
  if (approved.code !== 200) throw new Error(`approve failed: ${approved.code} ${approved.msg}`);
  return session;
}

/** An approved anchor's open room. */
export async function openRoom(s: TestServer, who: Session, body: Record<string, unknown> = {}): Promise<RoomInfo> {
  const categories = await s.api.call(api.roomCategories);
  const r = await s.api.call(api.roomOpen, { title: '测试直播间', category_id: categories.data.list[0]!.id, ...body }, { token: who.token });
  if (r.code !== 200) throw new Error(`room/open failed: ${r.code} ${r.msg}`);
  return r.data;
}

/** An approved anchor's open room with the anchor's socket in it. */
export async function ownedRoom(
  s: TestServer,
  op: Session,
  body: Record<string, unknown> = {},
): Promise<{ owner: Session; room: RoomInfo; ownerSock: RoomSocket }> {
  const owner = await anchor(s, op);
  const room = await openRoom(s, owner, body);
  const ownerSock = await connectRoom(s, owner);
  await join(ownerSock, room.id);
  return { owner, room, ownerSock };
}

/** A new member with a socket in the room. */
export async function memberIn(s: TestServer, roomId: number, password?: string): Promise<{ who: Session; sock: RoomSocket }> {
  const who = await member(s);
  const sock = await connectRoom(s, who);
  await join(sock, roomId, password);
  return { who, sock };
}

const sockets: RoomSocket[] = [];

/** A connected room socket for the session (rejects with the connect_error). */
export async function connectRoom(s: Pick<TestServer, 'url'>, who: Pick<Session, 'token' | 'user'>): Promise<RoomSocket> {
  const sock: RoomSocket = io(`${s.url}${ROOM_NAMESPACE}`, {
    path: HALL_PATH,
    transports: ['websocket'],
    auth: { uuid: who.user.uuid, token: who.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(sock);
  await new Promise<void>((resolve, reject) => {
    sock.once('connect', () => resolve());
    sock.once('connect_error', (err) => reject(err));
  });
  return sock;
}

export function closeSockets(): void {
  for (const s of sockets.splice(0)) s.close();
}

/** Emits a client event and resolves with its ack. */
export function send<E extends keyof RoomClientEvents>(
  sock: RoomSocket,
  event: E,
  payload: Parameters<RoomClientEvents[E]>[0],
  ms = 5000,
): Promise<RoomAck<AckData<E>>> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ack for ${event} within ${ms} ms`)), ms);
    (sock.emit as (ev: string, p: unknown, ack: (r: RoomAck<AckData<E>>) => void) => void)(event, payload, (r) => {
      clearTimeout(t);
      resolve(r);
    });
  });
}

/** Joins a room; throws unless the ack is 200. */
export async function join(sock: RoomSocket, roomId: number, password?: string) {
  const r = await send(sock, 'join', password === undefined ? { room_id: roomId } : { room_id: roomId, password });
  if (r.code !== 200 || !r.data) throw new Error(`join failed: ${r.code} ${r.msg}`);
  return r.data;
}

/** The next payload of a server event matching `pred` (acknowledging it, as the client must). */
export function next<E extends keyof RoomServerEvents>(
  sock: RoomSocket,
  event: E,
  pred: (p: Payload<E>) => boolean = () => true,
  ms = 5000,
): Promise<Payload<E>> {
  return new Promise((resolve, reject) => {
    const handler = (p: Payload<E>, ack?: () => void) => {
      if (typeof ack === 'function') ack();
      if (!pred(p)) return;
      clearTimeout(t);
      sock.off(event, handler as never);
      resolve(p);
    };
    const t = setTimeout(() => {
      sock.off(event, handler as never);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    sock.on(event, handler as never);
  });
}

/** Collects every payload of an event (acknowledging each). */
export function collect<E extends keyof RoomServerEvents>(sock: RoomSocket, event: E): Payload<E>[] {
  const seen: Payload<E>[] = [];
  sock.on(event, ((p: Payload<E>, ack?: () => void) => {
    if (typeof ack === 'function') ack();
    seen.push(p);
  }) as never);
  return seen;
}

/** A server started for the suite with an operator, closed (and the suite's sockets with it) after the suite. */
export function useRoomServer(opts?: TestServerOptions): { readonly s: TestServer; readonly op: Session } {
  const held: { s?: TestServer; op?: Session } = {};
  beforeAll(async () => {
    held.s = await startTestServer(opts);
    held.op = await operator(held.s);
  });
  afterAll(async () => {
    closeSockets();
    await held.s?.close();
  });
  return {
    get s() {
      if (!held.s) throw new Error('the server is not started (use it inside tests)');
      return held.s;
    },
    get op() {
      if (!held.op) throw new Error('the server is not started (use it inside tests)');
      return held.op;
    },
  };
}

/**
 * An approved anchor whose room is open, whose socket is in it, and whose anchor stream is up: the
 * media engine's `publisher-up` for the anchor seat, as the SFU reports it.
 */
export async function liveAnchorOn(s: TestServer, op: Session): Promise<{ who: Session; room: RoomInfo; sock: RoomSocket }> {
  const who = await anchor(s, op);
  const room = await openRoom(s, who);
  const sock = await connectRoom(s, who);
  await join(sock, room.id);
  await s.services.room.onPublisher(String(room.id), 'anchor', String(who.user.id), true);
  await eventually(async () => (await s.services.room.room(room.id)).anchor_live === 1);
  return { who, room, sock };
}
