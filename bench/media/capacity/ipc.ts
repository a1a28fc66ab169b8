import { fork, type ChildProcess } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

type Msg = { type: string; [k: string]: unknown };

/** Child side: listens to the parent's messages. */
export function onMessage(fn: (m: Msg) => void): void {
  process.on('message', (m) => fn(m as Msg));
}

/** The child's event-loop delay since the last reading (ms): how late a 5 ms timer fired, at p50, p99 and worst. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

/** The child's memory (bytes), after a full collection when the child runs with --expose-gc. */
export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

/**
 * Child side: announces `ready`, answers `cpu` with process.cpuUsage (user + system µs), `loopDelay`
 * with the event-loop delay since the last one (perf_hooks.monitorEventLoopDelay, then reset),
 * `memory` with process.memoryUsage after a collection; stops on `stop`.
 */
export function serveCpu(ready: Msg, stop: () => Promise<void>): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  onMessage((m) => {
    if (m.type === 'cpu') {
      const u = process.cpuUsage();
      process.send?.({ type: 'cpu', us: u.user + u.system });
    } else if (m.type === 'loopDelay') {
      // The histogram counts the whole lateness of each 5 ms timer, resolution included.
      const ms = (ns: number) => Math.max(0, ns / 1e6 - 5);
      process.send?.({ type: 'loopDelay', p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) });
      delay.reset();
    } else if (m.type === 'memory') {
      (globalThis as { gc?: () => void }).gc?.();
      const u = process.memoryUsage();
      process.send?.({ type: 'memory', rss: u.rss, heapUsed: u.heapUsed, external: u.external });
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
  /** `env`: added to this process's environment for the child; `node`: more of node's flags (e.g. `--expose-gc`). */
  constructor(script: string | URL, env: Record<string, string> = {}, node: string[] = []) {
    const file = fileURLToPath(script instanceof URL ? script : new URL(script, import.meta.url));
    // PROFILE_DIR: each child writes a V8 CPU profile there when it exits (open it in Chrome's DevTools or speedscope).
    const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
    this.proc = fork(file, [], {
      execArgv: ['--import', 'tsx', ...node, ...profile],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...env },
    });
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

  /** The child's event-loop delay since the last call (or its start). */
  async loopDelay(): Promise<LoopDelay> {
    const { p50, p99, max } = (await this.request({ type: 'loopDelay' })) as unknown as LoopDelay;
    return { p50, p99, max };
  }

  /** The child's memory now (after a full collection with `--expose-gc`). */
  async memory(): Promise<Memory> {
    const { rss, heapUsed, external } = (await this.request({ type: 'memory' })) as unknown as Memory;
    return { rss, heapUsed, external };
  }

  async stop(): Promise<void> {
    const gone = new Promise((r) => this.proc.once('exit', r));
    this.proc.send({ type: 'stop' });
    await Promise.race([gone, new Promise((r) => setTimeout(r, process.env.PROFILE_DIR ? 15_000 : 3000))]);
    if (this.proc.exitCode === null) this.proc.kill('SIGKILL');
  }
}
