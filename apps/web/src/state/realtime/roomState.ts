import type {
  FanBadge,
  GiftRecord,
  MicDecision,
  MicQueueEntry,
  RoomAnchor,
  RoomAuthLevel,
  RoomChat,
  RoomClosed,
  RoomWarning,
  RoomEnter,
  RoomInfo,
  RoomJoined,
  RoomKicked,
  RoomLive,
  RoomMediaMoved,
  RoomMember,
  RoomModeration,
  RoomOnline,
  RoomSeat,
  RoomSettings,
  UserBrief,
} from '@app/contract';

/*
 * The room channel's state as a pure reducer: every server event (and the join answer) folds into
 * one RoomState. RoomClient owns the socket and the status machine; this file has no I/O, so the
 * rules (chat cap, my own mute/auth/seat, live seats) are tested without a socket.
 */

/** Chat lines kept on screen; older ones scroll away for good (what the room shows is ~50). */
export const CHAT_KEEP = 50;
/** Danmaku waiting to fly; a burst beyond this drops the oldest (they are volatile anyway). */
export const DANMAKU_KEEP = 20;
/** Gifts kept for the gift banner. */
export const GIFTS_KEEP = 10;

export type NoticeKind = 'mute' | 'unmute' | 'kick' | 'admin' | 'unadmin';

/** One line of the chat list over the video. */
export type ChatLine =
  | { kind: 'chat'; id: string; user: RoomMember; text: string; fan: FanBadge | null }
  | { kind: 'enter'; id: string; user: RoomMember }
  | { kind: 'gift'; id: string; record: GiftRecord }
  | { kind: 'notice'; id: string; notice: NoticeKind; user: UserBrief };

export interface RoomState {
  /** The signed-in user's id (null for an anonymous visitor): decides which events are about me. */
  meId: number | null;
  room: RoomInfo | null;
  online: number;
  recent: UserBrief[];
  lines: ChatLine[];
  danmaku: RoomChat[];
  queue: MicQueueEntry[];
  seats: RoomSeat[];
  settings: RoomSettings | null;
  anchorPresent: boolean;
  closeAt: string | null;
  /** Media seat id ('anchor', 'seat-1' …) → publishing now. */
  live: Record<string, boolean>;
  myAuth: RoomAuthLevel;
  myMuted: boolean;
  mySeat: number | null;
  /** The last mic decision about me (accepted → publish into its seat). */
  decision: MicDecision | null;
  /** Set once the room ended: who ended it, and the operator's reason when an operator did. */
  ended: RoomClosed['reason'] | null;
  endedNote: string | null;
  /** The last operator warning to me as the anchor (a banner until dismissed). */
  warning: RoomWarning | null;
  /** Set when I was kicked: banned until then. */
  kickedUntil: string | null;
  gifts: GiftRecord[];
  /** Users seen muted / appointed admin in this room (from moderation events and chat levels). */
  mutedIds: number[];
  adminIds: number[];
  /** Times the room moved to another media node (`media` events): publishers and players connect again. */
  mediaMoves: number;
}

export type RoomEvent =
  | { type: 'joined'; data: RoomJoined }
  | { type: 'online'; p: RoomOnline }
  | { type: 'chat'; p: RoomChat }
  | { type: 'enter'; p: RoomEnter }
  | { type: 'moderation'; p: RoomModeration }
  | { type: 'kicked'; p: RoomKicked }
  | { type: 'micQueue'; p: { queue: MicQueueEntry[] } }
  | { type: 'micDecision'; p: MicDecision }
  | { type: 'seats'; p: { seats: RoomSeat[] } }
  | { type: 'settings'; p: { settings: RoomSettings } }
  | { type: 'anchor'; p: RoomAnchor }
  | { type: 'live'; p: RoomLive }
  | { type: 'media'; p: RoomMediaMoved }
  | { type: 'closed'; p: RoomClosed }
  | { type: 'warning'; p: RoomWarning }
  | { type: 'warningSeen' }
  | { type: 'gift'; p: { record: GiftRecord } }
  /** My own chat, acknowledged: shown at once even if the broadcast back to me is dropped (volatile). */
  | { type: 'sent'; p: RoomChat }
  | { type: 'reset' };

export const VIEWER: RoomAuthLevel = 4;

export const initialRoomState = (meId: number | null = null): RoomState => ({
  meId,
  room: null,
  online: 0,
  recent: [],
  lines: [],
  danmaku: [],
  queue: [],
  seats: [],
  settings: null,
  anchorPresent: true,
  closeAt: null,
  live: {},
  myAuth: VIEWER,
  myMuted: false,
  mySeat: null,
  decision: null,
  ended: null,
  endedNote: null,
  warning: null,
  kickedUntil: null,
  gifts: [],
  mutedIds: [],
  adminIds: [],
  mediaMoves: 0,
});

const keepLast = <T>(list: readonly T[], item: T, n: number): T[] => (list.length >= n ? [...list.slice(list.length - n + 1), item] : [...list, item]);

function liveOf(room: RoomInfo): Record<string, boolean> {
  const live: Record<string, boolean> = { anchor: room.live };
  for (const s of room.seats) live[s.seat_id] = s.live;
  return live;
}

/** My seat, and the co-host level that comes with holding one (owner and admins keep theirs). */
function withSeats(s: RoomState, seats: RoomSeat[]): RoomState {
  const mine = s.meId === null ? undefined : seats.find((x) => x.user?.id === s.meId);
  const mySeat = mine ? mine.index : null;
  let myAuth = s.myAuth;
  if (mySeat !== null && myAuth === VIEWER) myAuth = 3;
  if (mySeat === null && myAuth === 3) myAuth = VIEWER;
  const live = { ...s.live };
  for (const x of seats) live[x.seat_id] = x.live;
  return { ...s, seats, mySeat, myAuth, live };
}

export function roomReducer(s: RoomState, e: RoomEvent): RoomState {
  switch (e.type) {
    case 'reset':
      return initialRoomState(s.meId);
    case 'joined': {
      const { room, online, recent, queue } = e.data;
      // A rejoin (after a reconnect) keeps the chat already on screen.
      const sameRoom = s.room?.id === room.id;
      return {
        ...s,
        room,
        online,
        recent,
        queue,
        seats: room.seats,
        settings: room.settings,
        anchorPresent: room.anchor_present,
        closeAt: room.close_at,
        live: liveOf(room),
        myAuth: room.my_auth,
        myMuted: room.my_muted,
        mySeat: room.my_seat,
        lines: sameRoom ? s.lines : [],
        danmaku: sameRoom ? s.danmaku : [],
        gifts: sameRoom ? s.gifts : [],
        mutedIds: sameRoom ? s.mutedIds : [],
        adminIds: sameRoom ? s.adminIds : [],
        decision: null,
        ended: room.status === 'closed' ? 'owner' : null,
        kickedUntil: null,
      };
    }
    case 'online':
      return { ...s, online: e.p.online, recent: e.p.recent };
    case 'chat':
    case 'sent': {
      const p = e.p;
      const line: ChatLine = { kind: 'chat', id: p.id, user: p.user, text: p.text, fan: p.fan };
      // My own line came back after the ack added it: the room's copy carries my badges.
      if (s.lines.some((l) => l.id === p.id)) return e.type === 'chat' ? { ...s, lines: s.lines.map((l) => (l.id === p.id ? line : l)) } : s;
      const lines = keepLast(s.lines, line, CHAT_KEEP);
      return { ...s, lines, danmaku: p.danmaku ? keepLast(s.danmaku, p, DANMAKU_KEEP) : s.danmaku };
    }
    case 'enter':
      return { ...s, lines: keepLast(s.lines, { kind: 'enter', id: `enter-${e.p.user.id}-${s.lines.length}-${Date.now()}`, user: e.p.user }, CHAT_KEEP) };
    case 'moderation': {
      const p = e.p;
      const notice: ChatLine = { kind: 'notice', id: `mod-${p.action}-${p.user.id}-${Date.now()}`, notice: p.action, user: p.user };
      const toggle = (ids: number[], on: boolean) => (on ? [...ids.filter((x) => x !== p.user.id), p.user.id] : ids.filter((x) => x !== p.user.id));
      const next = {
        ...s,
        lines: keepLast(s.lines, notice, CHAT_KEEP),
        mutedIds: toggle(s.mutedIds, p.muted),
        adminIds: toggle(s.adminIds, p.auth === 2),
      };
      if (s.meId === null || p.user.id !== s.meId) return next;
      return { ...next, myMuted: p.muted, myAuth: p.auth };
    }
    case 'kicked':
      return { ...s, kickedUntil: e.p.until };
    case 'micQueue':
      return { ...s, queue: e.p.queue };
    case 'micDecision':
      if (s.meId !== null && e.p.user_id !== s.meId) return s;
      return { ...s, decision: e.p };
    case 'seats':
      return withSeats(s, e.p.seats);
    case 'settings':
      return { ...s, settings: e.p.settings };
    case 'anchor':
      return { ...s, anchorPresent: e.p.present, closeAt: e.p.close_at };
    case 'live': {
      const live = { ...s.live, [e.p.seat_id]: e.p.live };
      const seats = s.seats.map((x) => (x.seat_id === e.p.seat_id ? { ...x, live: e.p.live } : x));
      // The anchor publishing again means the anchor is back, whatever order the events came in.
      const back = e.p.seat_id === 'anchor' && e.p.live;
      return { ...s, live, seats, ...(back ? { anchorPresent: true, closeAt: null } : {}) };
    }
    case 'media':
      return { ...s, mediaMoves: s.mediaMoves + 1 };
    case 'closed':
      return { ...s, ended: e.p.reason, endedNote: e.p.note ?? null };
    case 'warning':
      return { ...s, warning: e.p };
    case 'warningSeen':
      return { ...s, warning: null };
    case 'gift': {
      const r = e.p.record;
      const line: ChatLine = { kind: 'gift', id: `gift-${r.id}`, record: r };
      if (s.lines.some((l) => l.id === line.id)) return s;
      return { ...s, lines: keepLast(s.lines, line, CHAT_KEEP), gifts: keepLast(s.gifts, r, GIFTS_KEEP) };
    }
  }
}

/** Whether this level may moderate (mute, kick) and manage the mic queue and seats. */
export const canModerate = (auth: RoomAuthLevel): boolean => auth <= 2;
/** Only the owner appoints admins. */
export const canAppoint = (auth: RoomAuthLevel): boolean => auth === 1;

/** The seat ids a viewer plays, in slot order: the anchor, then every mic seat. */
export function playSeats(room: Pick<RoomInfo, 'mic_seats'>): string[] {
  return ['anchor', ...Array.from({ length: room.mic_seats }, (_, i) => `seat-${i + 1}`)];
}
