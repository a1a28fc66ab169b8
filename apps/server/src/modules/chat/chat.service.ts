import { CHAT_TEXT_MAX, ErrorCode, type ChatMessage, type ChatSendInput, type ChatSettings, type Conversation, type UserBrief } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError } from '../../http/errors.js';
import type { MessageService } from '../message/message.service.js';
import type { PushService } from '../push/push.service.js';
import { chatPush } from '../push/pushTexts.js';
import { briefsOf } from '../user/userBriefs.js';
import type { ChatMemberRow, ChatMessageRow } from '../social/social.tables.js';
import type { SocialService } from '../social/social.service.js';
import { isOwnUpload } from '../upload/ownUpload.js';
import { users } from '../user/users.js';
import { moderation } from '../moderation/moderation.service.js';
import { chatRepository as repo, pairOf } from './chat.repository.js';
import { previewOf, toChatMessage } from './chat.view.js';
import { SendLimit } from './sendLimit.js';

/** A big-emoji message is one emoji sequence (a few code points). */
const EMOJI_MAX = 16;

type Side = Pick<ChatMemberRow, 'muted' | 'pinned' | 'blocked' | 'unread' | 'read_id' | 'cleared_id' | 'last_message_id' | 'updated_at'>;
const EMPTY_SIDE: Side = { muted: 0, pinned: 0, blocked: 0, unread: 0, read_id: 0, cleared_id: 0, last_message_id: 0, updated_at: '' };

const settingsOf = (s: Side): ChatSettings => ({ muted: s.muted === 1, pinned: s.pinned === 1, blocked: s.blocked === 1 });

/**
 * Private messages between two members. A message is stored (with both sides of the conversation
 * updated) in one transaction before anyone is told; then both users' hall rooms hear `newMessage`
 * (so the sender's other devices see it too) and the receiver hears the new unread count; unless
 * they muted the conversation, the receiver's subscribed browsers get a push too.
 * The same sender + client_id is one message, however often it is sent.
 */
export class ChatService {
  private readonly limit = new SendLimit();

  constructor(
    private readonly deps: Deps,
    private readonly social: SocialService,
    private readonly message: MessageService,
    private readonly push: PushService,
  ) {
    message.countUnread((userIds) => repo.unreadTotals(this.db, userIds));
  }

  private get db() {
    return this.deps.db.kysely;
  }

  async send(meId: number, input: ChatSendInput): Promise<ChatMessage> {
    const me = await users.byId(this.db, meId);
    if (!me || me.is_guest === 1) throw new BizError(ErrorCode.GUEST_NOT_ALLOWED);
    // A retry of a stored message answers it again, whatever changed since.
    const existing = await repo.byClientId(this.db, meId, input.client_id);
    if (existing) return toChatMessage(existing);

    const to = input.to_user_id;
    if (to === meId) throw new BizError(ErrorCode.CHAT_TO_SELF);
    await moderation.assertNotBanned(this.db, meId, 'chat');
    await this.social.member(to);
    const content = await this.checkContent(meId, input.type, input.content);
    const [mine, theirs] = await Promise.all([repo.member(this.db, meId, to), repo.member(this.db, to, meId)]);
    if (mine?.blocked === 1) throw new BizError(ErrorCode.CHAT_YOU_BLOCKED);
    if (theirs?.blocked === 1) throw new BizError(ErrorCode.CHAT_BLOCKED);
    const reply = input.reply_to !== undefined ? await this.replyTarget(meId, to, input.reply_to) : null;
    if (!this.limit.take(meId)) throw new BizError(ErrorCode.CHAT_TOO_FAST);

    const stored = await this.store(meId, to, input.client_id, input.type, content, reply);
    if (!stored.fresh) return toChatMessage(stored.row);
    const msg = toChatMessage(stored.row);
    await this.announce(msg, theirs?.muted === 1);
    return msg;
  }

  /** Writes a message the server itself makes (call records), from `senderId` to `receiverId`. */
  async record(senderId: number, receiverId: number, clientId: string, content: string): Promise<ChatMessage> {
    const stored = await this.store(senderId, receiverId, clientId, 'call', content, null);
    const msg = toChatMessage(stored.row);
    if (stored.fresh) await this.announce(msg, (await repo.member(this.db, receiverId, senderId))?.muted === 1);
    return msg;
  }

  private async store(from: number, to: number, clientId: string, type: ChatMessageRow['type'], content: string, reply: ChatMessageRow | null) {
    const at = nowIso();
    return this.deps.db.tx(async (trx) => {
      await repo.lockPair(trx, from, to, at);
      const row = await repo.insertOnce(trx, {
        sender_id: from,
        receiver_id: to,
        ...pairOf(from, to),
        client_id: clientId,
        type,
        content,
        reply_to_id: reply?.id ?? null,
        reply_sender_id: reply?.sender_id ?? null,
        reply_type: reply?.type ?? null,
        reply_preview: reply ? previewOf(reply) : null,
        created_at: at,
      });
      // A concurrent send with the same client id won the insert: answer its message.
      if (!row) return { fresh: false, row: (await repo.byClientId(trx, from, clientId))! };
      await repo.touchSender(trx, from, to, row.id, at);
      await repo.touchReceiver(trx, to, from, row.id, at);
      return { fresh: true, row };
    });
  }

  private async announce(msg: ChatMessage, mutedByReceiver: boolean): Promise<void> {
    const { hall } = this.deps;
    hall.toUser(msg.sender_id, 'newMessage', { kind: 'chat', message: msg });
    hall.toUser(msg.receiver_id, 'newMessage', { kind: 'chat', message: msg });
    hall.toUser(msg.receiver_id, 'rGetUnreadCount', { total: await this.message.unreadTotal(msg.receiver_id), isNew: !mutedByReceiver });
    if (mutedByReceiver || !this.push.on) return;
    const sender = (await briefsOf(this.db, [msg.sender_id])).get(msg.sender_id);
    if (sender) await this.push.queue([msg.receiver_id], chatPush(sender, msg));
  }

  private async checkContent(meId: number, type: ChatSendInput['type'], raw: string): Promise<string> {
    const content = raw.trim();
    if (content === '') throw new BizError(ErrorCode.CHAT_EMPTY);
    if (type === 'text') {
      if ([...content].length > CHAT_TEXT_MAX) throw new BizError(ErrorCode.CHAT_TOO_LONG);
      return content;
    }
    if (type === 'emoji') {
      if ([...content].length > EMOJI_MAX || /[\p{L}\p{N}]/u.test(content))
        throw new BizError(ErrorCode.VALIDATION, 'content: 表情格式不正确', { status: 400 });
      return content;
    }
    // An image is one the sender uploaded: never an arbitrary URL to hotlink.
    if (!(await isOwnUpload(this.db, this.deps.storage, meId, content))) throw new BizError(ErrorCode.CHAT_BAD_IMAGE);
    return content;
  }

  /** A message of this conversation the sender can still see. */
  private async replyTarget(meId: number, peerId: number, id: number): Promise<ChatMessageRow> {
    const [m, mine] = await Promise.all([repo.byId(this.db, id), repo.member(this.db, meId, peerId)]);
    const pair = pairOf(meId, peerId);
    if (!m || m.low_id !== pair.low_id || m.high_id !== pair.high_id || m.id <= (mine?.cleared_id ?? 0)) {
      throw new BizError(ErrorCode.CHAT_REPLY_NOT_FOUND);
    }
    return m;
  }

  async history(meId: number, peerId: number, beforeId: number | undefined, size: number) {
    const mine = await repo.member(this.db, meId, peerId);
    const rows = await repo.history(this.db, meId, peerId, mine?.cleared_id ?? 0, beforeId, size + 1);
    return { list: rows.slice(0, size).reverse().map(toChatMessage), has_more: rows.length > size };
  }

  async sync(meId: number, afterId: number, size: number) {
    const rows = await repo.since(this.db, meId, afterId, size + 1);
    return { list: rows.slice(0, size).map(toChatMessage), has_more: rows.length > size };
  }

  async conversations(meId: number, page: number, size: number) {
    const { rows, total } = await repo.sides(this.db, meId, page, size);
    const list = await this.views(meId, rows);
    return { list, total, page, size, has_more: page * size < total, unread_total: await repo.unreadTotal(this.db, meId) };
  }

  async conversation(meId: number, peerId: number): Promise<Conversation> {
    if (peerId === meId) throw new BizError(ErrorCode.CHAT_TO_SELF);
    await this.social.member(peerId);
    const side = await repo.member(this.db, meId, peerId);
    const [view] = await this.views(meId, [side ?? { ...EMPTY_SIDE, user_id: meId, peer_id: peerId, hidden: 0 }]);
    if (!view) throw new BizError(ErrorCode.NOT_FOUND, '用户不存在');
    return view;
  }

  private async views(meId: number, sides: ChatMemberRow[]): Promise<Conversation[]> {
    const peerIds = sides.map((s) => s.peer_id);
    const lastIds = sides.filter((s) => s.last_message_id > s.cleared_id).map((s) => s.last_message_id);
    const [briefs, lasts, peers, rel] = await Promise.all([
      briefsOf(this.db, peerIds),
      repo.byIds(this.db, lastIds),
      repo.peerSides(this.db, meId, peerIds),
      this.social.relations(meId, peerIds),
    ]);
    const lastById = new Map(lasts.map((m) => [m.id, m]));
    const readBy = new Map(peers.map((p) => [p.user_id, p.read_id]));
    return sides.flatMap((s) => {
      const peer: UserBrief | undefined = briefs.get(s.peer_id);
      if (!peer) return [];
      const last = lastById.get(s.last_message_id);
      const following = rel.following.has(s.peer_id);
      return [
        {
          ...settingsOf(s),
          peer,
          last_message: last ? toChatMessage(last) : null,
          unread: s.unread,
          is_friend: following && rel.fans.has(s.peer_id),
          is_following: following,
          peer_read_id: readBy.get(s.peer_id) ?? 0,
          updated_at: s.updated_at || (last?.created_at ?? ''),
        },
      ];
    });
  }

  /** Reads the conversation up to a message (the latest when absent); the receipt reaches both users. */
  async read(meId: number, peerId: number, upToId: number | undefined) {
    // Counted and stored while holding the side, so a message arriving meanwhile is not lost from unread.
    const r = await this.deps.db.tx(async (trx) => {
      const side = await repo.lockMember(trx, meId, peerId);
      if (!side) return { upTo: 0, unread: 0, moved: false };
      const upTo = Math.min(upToId ?? side.last_message_id, side.last_message_id);
      if (upTo <= side.read_id) return { upTo, unread: side.unread, moved: false };
      const unread = await repo.countFrom(trx, peerId, meId, Math.max(upTo, side.cleared_id));
      await repo.upsertSide(trx, meId, peerId, { read_id: upTo, unread }, nowIso());
      return { upTo, unread, moved: true };
    });
    if (r.moved) {
      const receipt = { reader_id: meId, peer_id: peerId, up_to_id: r.upTo };
      this.deps.hall.toUser(meId, 'chatRead', receipt);
      this.deps.hall.toUser(peerId, 'chatRead', receipt);
      this.deps.hall.toUser(meId, 'rGetUnreadCount', { total: await this.message.unreadTotal(meId), isNew: false });
    }
    return { unread: r.unread, unread_total: await repo.unreadTotal(this.db, meId) };
  }

  async setting(meId: number, peerId: number, patch: Partial<ChatSettings>): Promise<ChatSettings> {
    if (peerId === meId) throw new BizError(ErrorCode.CHAT_TO_SELF);
    await this.social.member(peerId);
    const flags: Partial<Pick<ChatMemberRow, 'muted' | 'pinned' | 'blocked'>> = {};
    if (patch.muted !== undefined) flags.muted = patch.muted ? 1 : 0;
    if (patch.pinned !== undefined) flags.pinned = patch.pinned ? 1 : 0;
    if (patch.blocked !== undefined) flags.blocked = patch.blocked ? 1 : 0;
    await repo.upsertSide(this.db, meId, peerId, flags, nowIso());
    // Muting moves the conversation's unread in or out of the badge.
    if (patch.muted !== undefined) this.deps.hall.toUser(meId, 'rGetUnreadCount', { total: await this.message.unreadTotal(meId), isNew: false });
    return settingsOf((await repo.member(this.db, meId, peerId)) ?? EMPTY_SIDE);
  }

  /** Clears the history for the caller (the peer keeps theirs); `hide` also removes it from the list. */
  async clear(meId: number, peerId: number, hide: boolean): Promise<void> {
    // Held while cleared, so a message arriving meanwhile is either cleared or stays unread.
    const side = await this.deps.db.tx(async (trx) => {
      const held = await repo.lockMember(trx, meId, peerId);
      if (!held) return undefined;
      const last = held.last_message_id;
      await repo.upsertSide(
        trx,
        meId,
        peerId,
        { cleared_id: last, read_id: Math.max(held.read_id, last), unread: 0, ...(hide ? { hidden: 1 } : {}) },
        nowIso(),
      );
      return held;
    });
    if (side && side.unread > 0) this.deps.hall.toUser(meId, 'rGetUnreadCount', { total: await this.message.unreadTotal(meId), isNew: false });
  }

  async hasBlocked(userId: number, otherId: number): Promise<boolean> {
    return (await repo.member(this.db, userId, otherId))?.blocked === 1;
  }
}
