import { chatSendInput, ErrorCode, errorMessages, type ChatAck } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { BizError, validationError } from '../../http/errors.js';
import { issuesToFields } from '../../http/zodIssues.js';
import type { ChatService } from './chat.service.js';

/**
 * The hall's `chatSend`: the same rules as `chat/send`, answered through the acknowledgement in the
 * envelope's shape. Malformed payloads get 10000 naming the field; an emit without an ack callback
 * is ignored (nobody would hear the answer).
 */
export async function onChatSend(chat: ChatService, log: FastifyBaseLogger, userId: number, payload: unknown, ack: unknown): Promise<void> {
  if (typeof ack !== 'function') return;
  const reply = ack as (res: ChatAck) => void;
  const parsed = chatSendInput.safeParse(payload);
  if (!parsed.success) {
    reply({ code: ErrorCode.VALIDATION, msg: validationError(issuesToFields(parsed.error.issues)).message, data: null });
    return;
  }
  try {
    const message = await chat.send(userId, parsed.data);
    reply({ code: ErrorCode.OK, msg: errorMessages[ErrorCode.OK], data: message });
  } catch (err) {
    if (err instanceof BizError) {
      reply({ code: err.code, msg: err.message, data: null });
      return;
    }
    log.error({ err, userId }, 'hall chatSend failed');
    reply({ code: ErrorCode.INTERNAL, msg: errorMessages[ErrorCode.INTERNAL], data: null });
  }
}
