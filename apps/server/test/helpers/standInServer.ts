import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The HTTP server under a provider's stand-in: on 127.0.0.1 at a free port, each request handed over with its whole body. */
export abstract class StandInServer {
  url = '';
  private server: http.Server | undefined;

  /** Answers one request (its body read in full, as UTF-8). */
  protected abstract handle(req: http.IncomingMessage, body: string, res: http.ServerResponse): unknown;

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => this.handle(req, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    const s = this.server;
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}
