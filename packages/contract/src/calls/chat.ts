import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { INT4_MAX, opaque, text } from '../text.js';
import { id, strict, userBrief } from './common.js';

/** Longest text message, in characters after trimming (the seed's textarea default is 140; chats allow more). */
export const CHAT_TEXT_MAX = 500;
/** Hard cap of the content field on the wire (an image URL, an emoji, or text before trimming). */
export const CHAT_CONTENT_CAP = 2000;
/** Messages a history or sync page may hold. */
export const CHAT_PAGE_MAX = 100;

/**
 * text: plain text (emoji inline); emoji: one big sticker emoji; image: the URL of an image the
 * sender uploaded (resource/upload/file); call: a call record the server writes (missed, ended, declined).
 */
export const chatMessageType = z.enum(['text', 'emoji', 'image', 'call']);
export type ChatMessageType = z.infer<typeof chatMessageType>;

/** Client-generated id that makes a send idempotent: the same sender + client_id is one message. */
export const clientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id 应为8-64位字母数字');

/** The quoted message a reply carries (seed §3 "chat reply"). */
export const chatReply = z.object({
  id: z.number().int(),
  sender_id: z.number().int(),
  type: chatMessageType,
  content: z.string().describe('text preview, at most 80 characters'),
});
export type ChatReply = z.infer<typeof chatReply>;

export const chatMessage = z.object({
  id: z.number().int().describe('increases with every stored message: order and sync cursor'),
  client_id: z.string(),
  sender_id: z.number().int(),
  receiver_id: z.number().int(),
  type: chatMessageType,
  content: z.string(),
  reply: chatReply.nullable(),
  created_at: isoTime,
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Per-conversation settings of the caller. */
export const chatSettings = z.object({
  muted: z.boolean().describe('no toast and not counted in the tab badge'),
  pinned: z.boolean(),
  blocked: z.boolean().describe("the caller refuses this user's messages"),
});
export type ChatSettings = z.infer<typeof chatSettings>;

export const conversation = chatSettings.extend({
  peer: userBrief,
  last_message: chatMessage.nullable(),
  unread: z.number().int(),
  is_friend: z.boolean(),
  is_following: z.boolean(),
  peer_read_id: z.number().int().describe("highest id of the caller's messages the peer has read"),
  updated_at: isoTime,
});
export type Conversation = z.infer<typeof conversation>;

export const chatSendInput = strict({
  to_user_id: id,
  client_id: clientId,
  type: z.enum(['text', 'emoji', 'image']),
  content: text().max(CHAT_CONTENT_CAP, `content: 最多${CHAT_CONTENT_CAP}个字符`),
  reply_to: id.optional(),
});
/** What a send carries (numbers as numbers; the HTTP query form coerces). */
export type ChatSendInput = z.output<typeof chatSendInput>;

const peer = { user_id: id };

/** One ICE server for the call's RTCPeerConnection (TURN with time-limited credentials). */
export const iceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

export const chatRoutes = {
  chatConversations: defineRoute({
    method: 'GET',
    path: 'chat/conversations',
    auth: 'member',
    tag: 'chat',
    summary: 'Conversations: pinned first, then by last message; with unread counts',
    query: pageQuery.strict(),
    data: pageOf(conversation).extend({ unread_total: z.number().int().describe('unread messages of unmuted conversations') }),
  }),
  chatConversation: defineRoute({
    method: 'GET',
    path: 'chat/conversation',
    auth: 'member',
    tag: 'chat',
    summary: 'One conversation with a user (the chat header and settings), whether or not any message exists',
    query: strict(peer),
    data: conversation,
  }),
  chatHistory: defineRoute({
    method: 'GET',
    path: 'chat/history',
    auth: 'member',
    tag: 'chat',
    summary: 'Messages with a user older than before_id (newest when absent), oldest first',
    query: strict({ user_id: id, before_id: id.optional(), size: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(30) }),
    data: z.object({ list: z.array(chatMessage), has_more: z.boolean() }),
  }),
  chatSync: defineRoute({
    method: 'GET',
    path: 'chat/sync',
    auth: 'member',
    tag: 'chat',
    summary: 'Every message to or from the caller after after_id, oldest first (catch-up after a reconnect)',
    query: strict({ after_id: z.coerce.number().int().min(0).max(INT4_MAX), size: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(CHAT_PAGE_MAX) }),
    data: z.object({ list: z.array(chatMessage), has_more: z.boolean() }),
  }),
  chatSend: defineRoute({
    method: 'POST',
    path: 'chat/send',
    auth: 'member',
    tag: 'chat',
    summary: 'Send a message (stored before it is answered; the same client_id again returns the same message)',
    body: chatSendInput,
    data: chatMessage,
  }),
  chatRead: defineRoute({
    method: 'POST',
    path: 'chat/read',
    auth: 'member',
    tag: 'chat',
    summary: 'Mark a conversation read up to a message (all when absent); the peer hears the receipt',
    body: strict({ user_id: id, up_to_id: id.optional() }),
    data: z.object({ unread: z.number().int(), unread_total: z.number().int() }),
  }),
  chatSetting: defineRoute({
    method: 'POST',
    path: 'chat/setting',
    auth: 'member',
    tag: 'chat',
    summary: 'Mute, pin or block a conversation',
    body: strict({ user_id: id, muted: z.boolean().optional(), pinned: z.boolean().optional(), blocked: z.boolean().optional() }),
    data: chatSettings,
  }),
  chatClear: defineRoute({
    method: 'POST',
    path: 'chat/clear',
    auth: 'member',
    tag: 'chat',
    summary: 'Clear the history of a conversation for the caller only',
    body: strict(peer),
    data: z.object({ cleared: z.boolean() }),
  }),
  chatDelete: defineRoute({
    method: 'POST',
    path: 'chat/delete',
    auth: 'member',
    tag: 'chat',
    summary: 'Remove a conversation from the list (it returns with the next message); marks it read',
    body: strict(peer),
    data: z.object({ deleted: z.boolean() }),
  }),
  callIce: defineRoute({
    method: 'GET',
    path: 'chat/call/ice',
    auth: 'member',
    tag: 'chat',
    summary: 'ICE servers for a one-to-one video call: STUN, and TURN with credentials for this user that expire',
    data: z.object({
      ice_servers: z.array(iceServer).describe('for RTCPeerConnection; empty: host candidates only (calls on one network)'),
      expires_at: isoTime.nullable().describe('when the TURN credentials stop working (null: none given); ask again before'),
    }),
  }),
};

// ---- one-to-one video calls: peer-to-peer WebRTC, the hall carries the signalling ----------------

/** How long a call rings before the caller gives up (a missed call). */
export const CALL_RING_MS = 30_000;

/** What a client sends on the hall's `call` event; relayed to `to_user_id`, who must be a friend. */
export const callSignalInput = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('invite'), call_id: clientId, to_user_id: id }),
  z.strictObject({ type: z.literal('accept'), call_id: clientId, to_user_id: id }),
  z.strictObject({ type: z.literal('decline'), call_id: clientId, to_user_id: id }),
  z.strictObject({ type: z.literal('busy'), call_id: clientId, to_user_id: id }),
  z.strictObject({
    type: z.literal('signal'),
    call_id: clientId,
    to_user_id: id,
    sdp: z.strictObject({ type: z.enum(['offer', 'answer']), sdp: text().max(20_000) }).optional(),
    candidate: z
      .strictObject({
        candidate: opaque().max(1000),
        sdpMid: opaque().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
      })
      .optional(),
  }),
  z.strictObject({
    type: z.literal('end'),
    call_id: clientId,
    to_user_id: id,
    /** missed: nobody answered; canceled: the caller gave up; ended: hung up after talking. */
    reason: z.enum(['missed', 'canceled', 'ended']),
    duration_s: z.number().int().min(0).max(86_400).optional(),
  }),
]);
export type CallSignalInput = z.output<typeof callSignalInput>;

/** What the peer hears on `call`: the sender's signal with who sent it (and their card on an invite). */
export type CallEvent = CallSignalInput & { from_user_id: number; from?: z.infer<typeof userBrief> };
