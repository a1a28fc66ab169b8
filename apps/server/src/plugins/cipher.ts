import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decryptText, encryptText } from '@app/kit';
import { ErrorCode, errorMessages, Header } from '@app/contract';
import { BizError } from '../http/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer goes back AES-encrypted (the request carried Requested-Encrypt and it decrypted). */
    encryptAnswer: boolean;
  }
}

const ENCRYPT_HEADER = Header.encrypt.toLowerCase();

const decryptFailed = () => new BizError(ErrorCode.DECRYPT_FAILED, errorMessages[ErrorCode.DECRYPT_FAILED], { status: 400 });

function decryptJson(text: string, key: string, iv: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(decryptText(text.trim(), key, iv));
  } catch {
    throw decryptFailed();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw decryptFailed();
  return parsed as Record<string, unknown>;
}

/**
 * The Requested-Encrypt wire format (docs/conventions.md): GET/DELETE carry the query as one
 * `params` ciphertext, POST/PUT a text/plain ciphertext body; both are decrypted before schema
 * validation, and the JSON answer is encrypted on the way out. A request that does not decrypt
 * gets a plain 400 / 10004, since the client cannot be assumed to hold the right key.
 */
export function registerCipher(app: FastifyInstance, key: string, iv: string): void {
  app.decorateRequest('encryptAnswer', false);

  // Encrypted bodies arrive as text/plain, which Fastify's built-in parser keeps as a string.
  // Callback-style hooks: they run on every request, and an async hook costs a promise each time.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.headers[ENCRYPT_HEADER] === '1' && req.url.startsWith('/api/')) req.encryptAnswer = true;
    done();
  });

  app.addHook('preValidation', (req: FastifyRequest, _reply, done) => {
    if (!req.encryptAnswer) return done();
    try {
      if (req.method === 'GET' || req.method === 'DELETE') {
        const params = (req.query as Record<string, unknown> | undefined)?.params;
        if (params === undefined || params === '') req.query = {};
        else if (typeof params === 'string') req.query = decryptJson(params, key, iv);
        else throw decryptFailed();
      } else if (typeof req.body === 'string') {
        req.body = req.body.trim() === '' ? undefined : decryptJson(req.body, key, iv);
      }
    } catch (e) {
      req.encryptAnswer = false;
      return done(e as Error);
    }
    done();
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    if (!req.encryptAnswer || typeof payload !== 'string') return done(null, payload);
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) return done(null, payload);
    reply.header('content-type', 'text/plain; charset=utf-8');
    reply.header(Header.encrypt, '1');
    done(null, encryptText(payload, key, iv));
  });
}
