import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a stand-in answers when its own handler throws (a bug in the test's stand-in, not the server's). */
export interface Failure {
  type: string;
  body: string;
}

/**
 * A stand-in's HTTP server on 127.0.0.1: each request's body is read whole and handed to `handle`;
 * a handler that throws is answered 500 with `failed`'s answer. Answers the server and its origin.
 */
export async function listenOnLoopback(
  handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => Promise<void>,
  failed: (err: unknown) => Failure,
): Promise<{ server: http.Server; url: string }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks).toString('utf8'), res).catch((err: unknown) => {
        const f = failed(err);
        res.writeHead(500, { 'content-type': f.type }).end(f.body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Closes a stand-in's server, if it was started. */
export async function closeLoopback(server: http.Server | undefined): Promise<void> {
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
}
