import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

type Msg = { type: string; [k: string]: unknown };

/** Child side: listens to the parent's messages. */
export function onMessage(fn: (m: Msg) => void): void {
  process.on('message', (m) => fn(m as Msg));
}

/** Child side: announces `ready`, answers `cpu` with process.cpuUsage (user + system µs), stops on `stop`. */
export function serveCpu(ready: Msg, stop: () => Promise<void>): void {
  onMessage((m) => {
    if (m.type === 'cpu') {
      const u = process.cpuUsage();
      process.send?.({ type: 'cpu', us: u.user + u.system });
    } else if (m.type === 'stop') {
      void stop().finally(() => process.exit(0));
    }
  });
  // The parent died (or was interrupted): nothing is left to measure for.
  process.once('disconnect', () => process.exit(0));
  process.send?.(ready);
}

/** Parent side: a child process running one of this folder's scripts under tsx. */
export class Child {
  private readonly proc: ChildProcess;
  private waiters: ((m: Msg) => void)[] = [];

  /** `script`: a path relative to this folder, or a file URL (another bench's `new URL('./x.ts', import.meta.url)`). */
  /** `env`: added to this process's environment for the child. */
  constructor(script: string | URL, env: Record<string, string> = {}) {
    const file = fileURLToPath(script instanceof URL ? script : new URL(script, import.meta.url));
    // PROFILE_DIR: each child writes a V8 CPU profile there when it exits (open it in Chrome's DevTools or speedscope).
    const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
    this.proc = fork(file, [], { execArgv: ['--import', 'tsx', ...profile], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...env } });
    this.proc.on('message', (m) => {
      const w = this.waiters.shift();
      w?.(m as Msg);
    });
  }

  private next(): Promise<Msg> {
    return new Promise((r) => this.waiters.push(r));
  }

  ready(): Promise<Msg> {
    return this.next();
  }

  send(m: Msg): void {
    this.proc.send(m);
  }

  /** Sends a message and waits for the child's next one (its answer). */
  request(m: Msg): Promise<Msg> {
    const reply = this.next();
    this.proc.send(m);
    return reply;
  }

  /** CPU time (µs) the child has used so far. */
  async cpu(): Promise<number> {
    const reply = this.next();
    this.proc.send({ type: 'cpu' });
    return (await reply).us as number;
  }

  async stop(): Promise<void> {
    const gone = new Promise((r) => this.proc.once('exit', r));
    this.proc.send({ type: 'stop' });
    await Promise.race([gone, new Promise((r) => setTimeout(r, process.env.PROFILE_DIR ? 15_000 : 3000))]);
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}
