import { ANCHOR_SEAT, API_BASE, ErrorCode, seatId, type MediaCredentials, type Api, type RouteBody } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import { MediaError, MediaErrorCode, type MediaAuthorize } from '../../media/index.js';
import type { Auth } from '../auth/session.service.js';
import { expired, MediaTokens, type MediaGrant } from './mediaToken.js';
import type { SessionService } from '../auth/session.service.js';
import type { LiveService } from '../live/live.service.js';
import type { RoomService } from './room.service.js';
import { roomRepository } from './room.repository.js';
import type { RoomRow } from './room.tables.js';
import { closeTime } from './room.view.js';
import { roomMemberRepository as members } from './roomMember.repository.js';

const SEAT_RE = /^seat-([1-8])$/;
/**
 * Lifetime of a password room's HLS token: not what ends the watching (each playlist refresh checks
 * the session, the room's live and the kick ban again), so it may outlast a WHEP token's.
 */
const HLS_TOKEN_S = 6 * 3600;

/**
 * Media credentials for rooms and the SFU's `authorize` callback. A token names its kind, user, room,
 * the room's current live (started_at) and, to publish, the seat; when used, the session it was
 * issued under and the room's state are checked again: the session live and the account enabled,
 * the room open, the owner on 'anchor' or the seat's co-host on 'seat-N', no kick ban.
 */
export class RoomMediaService {
  private readonly tokens: MediaTokens;

  constructor(
    private readonly deps: Deps,
    private readonly rooms: RoomService,
    private readonly sessions: SessionService,
    private readonly live: LiveService,
  ) {
    this.tokens = new MediaTokens(rooms.config.mediaTokenSecret);
    // The SFU caps publishers with REMB at this rate; clients are told so they set maxBitrate too.
    this.maxBitrate = deps.config.media.maxPublishBitrate;
  }

  private readonly maxBitrate: number;

  private get db() {
    return this.deps.db.kysely;
  }

  /** A media URL on the node that serves the room (room.service places it), whichever instance answers. */
  private async url(roomId: number, path: string): Promise<string> {
    return `${(await this.rooms.mediaNodes.placement(roomId)).url}${path}`;
  }

  async credentials(auth: Auth, input: RouteBody<Api['roomMedia']>): Promise<MediaCredentials> {
    const me = auth.user.id;
    const room = await this.rooms.room(input.room_id);
    if (room.status !== 'open' || !room.started_at) throw new BizError(ErrorCode.ROOM_CLOSED);
    const exp = Math.floor(Date.now() / 1000) + this.rooms.config.mediaTokenTtlSeconds;
    const expires_at = new Date(exp * 1000).toISOString();
    if (input.kind === 'play') {
      if (room.anchor_id !== me && !(await this.deps.rooms.isPresent(room.id, me))) throw new BizError(ErrorCode.ROOM_NOT_JOINED);
      const seats = [ANCHOR_SEAT, ...Array.from({ length: room.mic_seats }, (_, i) => seatId(i + 1))];
      const token = this.tokens.sign({ kind: 'play', userId: me, sid: auth.session.id, roomId: room.id, seat: null, live: room.started_at, exp });
      const { locked, ...hls } = await this.live.play(room.id);
      // A password room's playlist comes from the API, checked at every refresh (a kick or a login ban ends it there).
      if (locked) hls.hls_url = `${this.deps.config.publicUrl}${API_BASE}/live/play/${room.id}.m3u8?t=${this.hlsToken(auth, room.id, room.started_at)}`;
      return {
        kind: 'play',
        url: await this.url(room.id, `/api/media/whep/${room.id}`),
        token,
        expires_at,
        seat: null,
        seats,
        max_bitrate: this.maxBitrate,
        ...hls,
      };
    }
    let seat = input.seat;
    if (room.anchor_id === me) {
      seat ??= ANCHOR_SEAT;
      if (seat !== ANCHOR_SEAT) throw new BizError(ErrorCode.FORBIDDEN, '主播只能在主播位推流');
    } else {
      const mine = await members.seatOf(this.db, room.id, me);
      if (!mine) throw new BizError(ErrorCode.NOT_ON_SEAT, '请先上麦');
      seat ??= seatId(mine.seat);
      if (seat !== seatId(mine.seat)) throw new BizError(ErrorCode.FORBIDDEN, '只能在自己的麦位推流');
    }
    const token = this.tokens.sign({ kind: 'publish', userId: me, sid: auth.session.id, roomId: room.id, seat, live: room.started_at, exp });
    if (seat === ANCHOR_SEAT) await this.awaitFirstPublish(room, expires_at);
    return {
      kind: 'publish',
      url: await this.url(room.id, `/api/media/whip/${room.id}/${seat}`),
      token,
      expires_at,
      seat,
      seats: [seat],
      max_bitrate: this.maxBitrate,
      hls_url: null,
      hls_only: false,
    };
  }

  /**
   * OBS is set up after its panel showed the token: until the anchor seat first publishes, the room
   * waits as long as that token is valid (decision 0178), and the room hears its new closing time.
   */
  private async awaitFirstPublish(room: RoomRow, until: string): Promise<void> {
    await roomRepository.awaitFirstPublish(this.db, room.id, until);
    const now = await roomRepository.byId(this.db, room.id);
    if (!now?.anchor_left_at || now.first_publish_by !== until) return;
    const close_at = new Date(closeTime(now, now.anchor_left_at, this.rooms.config.graceMs)).toISOString();
    this.deps.rooms.toRoom(room.id, 'anchor', { room_id: room.id, present: false, close_at });
  }

  /**
   * WHEP credentials for another room's anchor seat only, without joining that room's channel: a PK
   * battle links two rooms and each room's viewers play the other anchor (the pk module checks the link).
   */
  async linkedAnchorPlay(auth: Auth, room: RoomRow): Promise<MediaCredentials> {
    if (room.status !== 'open' || !room.started_at) throw new BizError(ErrorCode.ROOM_CLOSED);
    const exp = Math.floor(Date.now() / 1000) + this.rooms.config.mediaTokenTtlSeconds;
    const token = this.tokens.sign({ kind: 'play', userId: auth.user.id, sid: auth.session.id, roomId: room.id, seat: null, live: room.started_at, exp });
    return {
      kind: 'play',
      url: await this.url(room.id, `/api/media/whep/${room.id}`),
      token,
      expires_at: new Date(exp * 1000).toISOString(),
      seat: null,
      seats: [ANCHOR_SEAT],
      max_bitrate: this.maxBitrate,
      hls_url: null,
      hls_only: false,
    };
  }

  /** Whether the session a token was issued under still stands: not revoked (logout, password reset, login ban), not expired, the account not disabled. */
  private async sessionLive(grant: MediaGrant): Promise<boolean> {
    const s = await this.sessions.stateOf(grant.sid);
    const now = nowIso();
    return !!s && s.user_id === grant.userId && !s.revoked_at && s.expires_at > now && !(s.disabled_until && s.disabled_until > now);
  }

  private hlsToken(auth: Auth, roomId: number, live: string): string {
    const exp = Math.floor(Date.now() / 1000) + HLS_TOKEN_S;
    return this.tokens.sign({ kind: 'hls', userId: auth.user.id, sid: auth.session.id, roomId, seat: null, live, exp });
  }

  /** Whether a password room's HLS token still lets its holder watch: checked as WHEP play is, at every playlist refresh. */
  async hlsAllowed(roomIdText: string, token: string): Promise<boolean> {
    // An expired token is refused like any other here: the playlist answers 404, not a media error.
    const allowed = await this.check('hls', roomIdText, undefined, token).catch((e: unknown) => {
      if (e instanceof MediaError) return false;
      throw e;
    });
    return allowed !== false;
  }

  /** The SFU's authorize callback (media.routes.ts): false answers 403. */
  readonly authorize: MediaAuthorize = (kind, roomIdText, seat, bearer) => this.check(kind, roomIdText, seat, bearer);

  private async check(kind: MediaGrant['kind'], roomIdText: string, seat: string | undefined, bearer: string): ReturnType<MediaAuthorize> {
    const grant = this.tokens.read(bearer);
    if (!grant || grant.kind !== kind || String(grant.roomId) !== roomIdText) return false;
    if (expired(grant)) {
      const at = new Date(grant.exp * 1000).toISOString();
      throw new MediaError(MediaErrorCode.TOKEN_EXPIRED, `this token expired at ${at}: get a new one (OBS: from the room's stream settings)`);
    }
    if (!(await this.sessionLive(grant))) return false;
    const room = await roomRepository.byId(this.db, grant.roomId);
    if (!room || room.status !== 'open' || room.started_at !== grant.live) return false;
    if (kind === 'publish') {
      if (seat === undefined || seat !== grant.seat) return false;
      if (seat === ANCHOR_SEAT) {
        if (room.anchor_id !== grant.userId) return false;
      } else {
        const m = SEAT_RE.exec(seat);
        const mine = await members.seatOf(this.db, room.id, grant.userId);
        if (!m || !mine || mine.seat !== Number(m[1])) return false;
      }
    } else if (room.anchor_id !== grant.userId) {
      const member = await members.member(this.db, room.id, grant.userId);
      if (member?.banned_until && member.banned_until > nowIso()) return false;
    }
    return { userId: String(grant.userId) };
  }
}
