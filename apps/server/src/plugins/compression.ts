import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/** Answers smaller than this go out as they are: compressing them saves less than its headers cost. */
export const COMPRESS_THRESHOLD = 1024;

/**
 * API answers (JSON, or the cipher's Base64 text) compressed with Brotli or gzip as the client
 * accepts, above a size threshold. Only text types: uploads (images, video), WHIP/WHEP's SDP and the
 * web app's files, which the build already compressed (served as they are, see staticFiles.ts), pass
 * untouched; socket.io answers its own requests before Fastify sees them. Registered before the
 * routes (it hooks each route as it is added), after the cipher, whose onSend must run first.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|[/+]json(?:;|$)|javascript|[/+]xml(?:;|$)/,
    // Quality 4: most of Brotli's gain for a fraction of its CPU (11 is for build-time files).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
