import { chatSendInput, ErrorCode, errorMessages, type ChatAck } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import { BizError } from '../../http/errors.js';
import { checkInput } from '../../http/parseInput.js';
import type { ChatService } from './chat.service.js';

/**
 * The hall's `chatSend`: the same rules as `chat/send`, answered through the acknowledgement in the
 * envelope's shape. Malformed payloads get 10000 naming the field; an emit without an ack callback
 * is ignored (nobody would hear the answer).
 */
export async function onChatSend(chat: ChatService, log: FastifyBaseLogger, userId: number, payload: unknown, ack: unknown): Promise<void> {
  if (typeof ack !== 'function') return;
  const reply = ack as (res: ChatAck) => void;
  const parsed = checkInput(chatSendInput, payload);
  if ('error' in parsed) {
    reply({ code: ErrorCode.VALIDATION, msg: parsed.error.message, data: null });
    return;
  }
  try {
    const message = await chat.send(userId, parsed.value);
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
