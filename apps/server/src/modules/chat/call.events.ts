import { callSignalInput, ErrorCode, errorMessages, type CallEvent, type ChatAck } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { BizError } from '../../http/errors.js';
import { checkInput } from '../../http/parseInput.js';
import type { HallEmitter } from '../../emitters/hallEmitter.js';
import { briefOf } from '../user/userBriefs.js';
import type { SocialService } from '../social/social.service.js';
import type { Deps } from '../../deps.js';
import type { ChatService } from './chat.service.js';

/** What a call leaves in the conversation: `missed`, `canceled`, `declined`, or `ended:<seconds>`; the client words it. */
export const callRecord = (reason: 'missed' | 'canceled' | 'declined' | 'ended', seconds = 0): string => (reason === 'ended' ? `ended:${seconds}` : reason);

/**
 * The hall's `call`: signalling for a one-to-one call between friends, relayed to the peer's rooms.
 * The server keeps no call state (any instance relays through the adapter); it checks who may call
 * whom on every event, and writes the call's record into the conversation when it ends or is declined
 * (once per call: the record's client id is derived from the call id).
 */
export async function onCall(
  deps: { db: Deps['db']; log: FastifyBaseLogger; hall: HallEmitter },
  social: SocialService,
  chat: ChatService,
  userId: number,
  payload: unknown,
  ack: unknown,
): Promise<void> {
  const reply = typeof ack === 'function' ? (ack as (res: ChatAck) => void) : () => undefined;
  const parsed = checkInput(callSignalInput, payload);
  if ('error' in parsed) {
    reply({ code: ErrorCode.VALIDATION, msg: parsed.error.message, data: null });
    return;
  }
  const p = parsed.value;
  try {
    if (p.to_user_id === userId) throw new BizError(ErrorCode.CHAT_TO_SELF);
    if (!(await social.areFriends(userId, p.to_user_id))) throw new BizError(ErrorCode.CALL_NOT_FRIENDS);
    if (await chat.hasBlocked(p.to_user_id, userId)) throw new BizError(ErrorCode.CHAT_BLOCKED);
    const event: CallEvent = { ...p, from_user_id: userId };
    if (p.type === 'invite') {
      const from = await briefOf(deps.db.kysely, userId);
      if (from) event.from = from;
    }
    deps.hall.toUser(p.to_user_id, 'call', event);
    // My other devices stop ringing once one of them answers.
    if (p.type === 'accept' || p.type === 'decline') deps.hall.toUser(userId, 'call', event);
    const recordId = `call${p.call_id}`.slice(0, 64);
    if (p.type === 'end') await chat.record(userId, p.to_user_id, recordId, callRecord(p.reason, p.duration_s ?? 0));
    if (p.type === 'decline') await chat.record(userId, p.to_user_id, recordId, callRecord('declined'));
    reply({ code: ErrorCode.OK, msg: errorMessages[ErrorCode.OK], data: null });
  } catch (err) {
    if (err instanceof BizError) {
      reply({ code: err.code, msg: err.message, data: null });
      return;
    }
    deps.log.error({ err, userId }, 'hall call failed');
    reply({ code: ErrorCode.INTERNAL, msg: errorMessages[ErrorCode.INTERNAL], data: null });
  }
}
