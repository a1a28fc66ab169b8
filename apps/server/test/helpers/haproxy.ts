import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@app/testkit';
import { REPO_ROOT } from '../../src/config.js';

/** Debian's HAProxy, which `.ci/run` installs; the deployment test is skipped where it is missing. */
export const HAPROXY = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => fs.existsSync(p));

/** The configuration the README shows for several instances, with this run's ports. */
export function haproxyConfig(opts: { port: number; servers: { name: string; port: number }[] }): string {
  const template = fs.readFileSync(path.join(REPO_ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const servers = opts.servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check cookie ${s.name}`).join('\n');
  return template.replace(/bind \S+/, `bind 127.0.0.1:${opts.port}`).replace(/(# servers\n)(?: {2}server .*\n?)+/, `$1${servers}\n`);
}

export interface Balancer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Runs HAProxy in the foreground with that configuration; resolves once it answers through a healthy server. */
export async function startHaproxy(opts: { port: number; servers: { name: string; port: number }[] }): Promise<Balancer> {
  if (!HAPROXY) throw new Error('haproxy is not installed (apt-get install haproxy)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haproxy-'));
  const cfg = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(cfg, haproxyConfig(opts));
  const check = spawn(HAPROXY, ['-c', '-q', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
  let checkErr = '';
  check.stderr.on('data', (d: Buffer) => (checkErr += d.toString()));
  const code = await new Promise<number | null>((r) => check.once('exit', r));
  if (code !== 0) throw new Error(`haproxy refused its configuration: ${checkErr}`);
  const child = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${opts.port}`;
  await eventually(async () => (await fetch(`${url}/healthz`)).ok, { timeout: 20_000, interval: 100, what: 'haproxy to reach a healthy server' });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await gone;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
