/**
 * Many socket.io members from one process. Each is a plain WebSocket (`ws`) speaking the socket.io
 * protocol (engine.io 4, socket.io 5) as the web client does over its websocket-only transport: the
 * handshake with its auth, pings answered, acknowledged emits, every acknowledged server event
 * acknowledged, and each event's JSON decoded for its listeners. No socket.io-client: its Manager,
 * timers and emitter layers cost ~30 µs per received line, so ten thousand of them in one process
 * took ~300 ms to read one chat line and the bench measured itself, not the server (a phone reads
 * its own line).
 */
import WebSocket from 'ws';
import { HALL_PATH } from '@app/contract';

export type Auth = { uuid: string; token: string };
type Listener = (payload: unknown) => void;

export class Member {
  private readonly listeners = new Map<string, Listener>();
  private readonly acks = new Map<number, (r: unknown) => void>();
  private nextId = 0;
  private readonly prefix: string;

  constructor(
    private readonly ws: WebSocket,
    readonly namespace: string,
  ) {
    this.prefix = `${namespace},`;
  }

  on(event: string, fn: Listener): void {
    this.listeners.set(event, fn);
  }

  emit(event: string, payload: unknown, ack?: (r: unknown) => void): void {
    let id = '';
    if (ack) {
      const n = this.nextId++;
      this.acks.set(n, ack);
      id = String(n);
    }
    this.ws.send(`42${this.prefix}${id}${JSON.stringify([event, payload])}`);
  }

  close(): void {
    this.ws.terminate();
  }

  /** One socket.io packet of this namespace (engine.io's "4" stripped): an event, or an ack of ours. */
  onPacket(p: string): void {
    const type = p[0];
    let i = 1 + this.prefix.length;
    if (!p.startsWith(this.prefix, 1)) return;
    let idEnd = i;
    while (idEnd < p.length && p.charCodeAt(idEnd) >= 48 && p.charCodeAt(idEnd) <= 57) idEnd++;
    const id = idEnd > i ? Number(p.slice(i, idEnd)) : undefined;
    i = idEnd;
    if (type === '3' && id !== undefined) {
      const fn = this.acks.get(id);
      this.acks.delete(id);
      fn?.((JSON.parse(p.slice(i)) as unknown[])[0]);
      return;
    }
    if (type !== '2') return;
    if (id !== undefined) this.ws.send(`43${this.prefix}${id}[]`);
    // ["event",payload]: the event's name first, the JSON decoded only for a listener.
    const nameEnd = p.indexOf('"', i + 2);
    const fn = this.listeners.get(p.slice(i + 2, nameEnd));
    if (fn) fn((JSON.parse(p.slice(i)) as unknown[])[1]);
  }
}

export function connect(url: string, namespace: string, auth?: Auth): Promise<Member> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}${HALL_PATH}/?EIO=4&transport=websocket`, { perMessageDeflate: false, skipUTF8Validation: true });
  const member = new Member(ws, namespace);
  return new Promise((resolve, reject) => {
    let connected = false;
    ws.on('message', (data: Buffer) => {
      const s = data.toString();
      const kind = s[0];
      if (kind === '4') {
        if (connected) return member.onPacket(s.slice(1));
        // "40/ns,{sid}" connected, "44/ns,{message}" refused.
        if (s[1] === '0') {
          connected = true;
          resolve(member);
        } else if (s[1] === '4') {
          ws.terminate();
          reject(new Error(`refused: ${s}`));
        }
      } else if (kind === '2') ws.send('3');
      else if (kind === '0') ws.send(`40${namespace},${auth ? JSON.stringify(auth) : ''}`);
    });
    ws.once('error', (err) => {
      if (!connected) reject(err);
    });
  });
}

export function request(sock: Member, event: string, payload: unknown, ms = 30_000): Promise<{ code: number; msg: string }> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no ack for ${event} within ${ms} ms`)), ms);
    sock.emit(event, payload, (r) => {
      clearTimeout(t);
      resolve(r as { code: number; msg: string });
    });
  });
}

/** Runs `fn` over `items`, `width` at a time. */
export async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (i < items.length) await fn(items[i++]!);
    }),
  );
}

export const quantile = (xs: number[], q: number): number => {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
