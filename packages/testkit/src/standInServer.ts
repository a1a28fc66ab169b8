import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A provider stand-in's handler: the request, its whole body as text, and the response to write. */
type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => Promise<void>;

/** A running stand-in: its origin, and how to stop it. */
export interface StandInServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts a provider stand-in on 127.0.0.1 (a free port): each request's body is read whole before
 * the handler runs; a handler that throws answers 500 with `failed(err)` as its JSON body.
 */
export async function startStandIn(handle: Handler, failed: (err: unknown) => unknown): Promise<StandInServer> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks).toString('utf8'), res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify(failed(err)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
