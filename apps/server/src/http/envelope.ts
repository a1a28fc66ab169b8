import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, errorMessages } from '@app/contract';
import { BizError } from './errors.js';

/** The success envelope (seed §8). */
export const ok = <T>(data: T) => ({ code: ErrorCode.OK, msg: errorMessages[ErrorCode.OK], data });

export const fail = (code: number, msg: string, data: unknown = null) => ({ code, msg, data });

/** Fastify and plugin error codes that are the client's fault, with the answer each gets. */
const CLIENT_ERRORS: Record<string, { status: number; code: number; msg: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: ErrorCode.BODY_TOO_LARGE, msg: errorMessages[ErrorCode.BODY_TOO_LARGE] },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: ErrorCode.UPLOAD_TOO_LARGE, msg: 'file: 文件太大，最大 10 MB' },
  FST_PARTS_LIMIT: { status: 400, code: ErrorCode.VALIDATION, msg: '表单字段太多' },
  FST_FILES_LIMIT: { status: 400, code: ErrorCode.VALIDATION, msg: 'file: 一次只能上传一个文件' },
  FST_FIELDS_LIMIT: { status: 400, code: ErrorCode.VALIDATION, msg: '表单字段太多' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 400, code: ErrorCode.VALIDATION, msg: 'file: 请用 multipart/form-data 上传' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: ErrorCode.VALIDATION, msg: 'Content-Type 不支持，请使用 application/json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: ErrorCode.VALIDATION, msg: 'body: JSON 格式错误' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: ErrorCode.VALIDATION, msg: 'body: 请求体为空' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: ErrorCode.VALIDATION, msg: 'Content-Length 与请求体不符' },
};

/**
 * Every answer is `{code, msg, data}`: business errors, validation, limits, 404 and 500 alike.
 * Unknown failures are logged with the request id and answered generically: no stack, no SQL.
 */
export function registerEnvelope(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | BizError, req, reply) => {
    if (err instanceof BizError) {
      return reply.status(err.status).send(fail(err.code, err.message, err.data));
    }
    const known = err.code ? CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known.status).send(fail(known.code, known.msg));
    if (err.statusCode === 429) {
      return reply.status(429).send(fail(ErrorCode.RATE_LIMITED, errorMessages[ErrorCode.RATE_LIMITED]));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, 'client error');
      return reply.status(err.statusCode).send(fail(ErrorCode.VALIDATION, errorMessages[ErrorCode.VALIDATION]));
    }
    req.log.error({ err }, 'unexpected error');
    return reply.status(500).send(fail(ErrorCode.INTERNAL, errorMessages[ErrorCode.INTERNAL]));
  });

  app.setNotFoundHandler(
    // 404s are throttled like auth routes would be: scanners should not get free answers.
    { preHandler: app.rateLimit ? app.rateLimit({ max: 120, timeWindow: '1 minute' }) : undefined },
    (req, reply) =>
      reply.status(404).send(fail(ErrorCode.NOT_FOUND, `${errorMessages[ErrorCode.NOT_FOUND]}: ${req.method} ${(req.url.split('?')[0] ?? '').slice(0, 120)}`)),
  );
}

/** What the server answers while it shuts down (a load balancer sends the call elsewhere). */
export const closingAnswer = () => fail(ErrorCode.INTERNAL, '服务正在重启，请稍后再试');

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before any route saw it
 * (request line and headers over 16 KB, a malformed request, a request that took too long). The
 * answer is the envelope too, written on the socket, which is then closed.
 */
export function clientErrorAnswer(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, msg] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, ErrorCode.BODY_TOO_LARGE, '请求头或地址过长']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, ErrorCode.VALIDATION, '请求超时']
        : [400, ErrorCode.VALIDATION, '请求格式错误'];
  const body = JSON.stringify(fail(code, msg));
  if (!socket.writable) return void socket.destroy();
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's `frameworkErrors`: a path that does not decode (400) or a path parameter too long (414). */
export function frameworkErrorAnswer(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply.status(status).send(fail(ErrorCode.VALIDATION, status === 414 ? '请求地址过长' : '请求地址格式错误'));
}
