import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eventually } from '@app/testkit';
import { REPO_ROOT } from '../../src/config.js';
import { freePort } from './spawnServer.js';

/** Debian's Prometheus, Alertmanager and promtool, which `.ci/run` installs; the alerting tests are skipped where they are missing. */
export const PROMETHEUS = ['/usr/bin/prometheus', '/usr/bin/prometheus-alertmanager', '/usr/bin/promtool'].every((p) => fs.existsSync(p));

export const DEPLOY_PROMETHEUS = path.join(REPO_ROOT, 'deploy/prometheus');

/** An alert as Alertmanager's webhook posts it. */
interface WebhookAlert {
  status: 'firing' | 'resolved';
  labels: Record<string, string>;
}

/**
 * The deployment's Prometheus configuration (deploy/prometheus/prometheus.yml) with this run's
 * addresses: each job's targets, the token file, the Alertmanager, and one-second intervals.
 */
export function prometheusConfig(opts: { jobs: Record<string, string[]>; tokenFile: string; alertmanager: string; rules: string }): string {
  let text = fs.readFileSync(path.join(DEPLOY_PROMETHEUS, 'prometheus.yml'), 'utf8');
  text = text.replace(/(scrape|evaluation)_interval: \S+/g, '$1_interval: 1s');
  text = text.replace(/credentials_file: \S+/g, `credentials_file: ${opts.tokenFile}`);
  text = text.replace(/rule_files:\n(?: {2}- .*\n)+/, `rule_files:\n  - ${opts.rules}\n`);
  text = text.replace(/(alertmanagers:\n\s+- static_configs:\n\s+- targets: )\[.*\]/, `$1['${opts.alertmanager}']`);
  for (const [job, targets] of Object.entries(opts.jobs)) {
    const at = new RegExp(`(job_name: ${job}\\n[\\s\\S]*?targets: )\\[.*\\]`);
    if (!at.test(text)) throw new Error(`deploy/prometheus/prometheus.yml has no job ${job}`);
    text = text.replace(at, `$1[${targets.map((t) => `'${t}'`).join(', ')}]`);
  }
  return text;
}

/** The alert rules with every `for:` at zero: the test waits for the condition, not for minutes. */
export const rulesWithoutWaiting = (): string => fs.readFileSync(path.join(DEPLOY_PROMETHEUS, 'alerts.yml'), 'utf8').replace(/for: \S+/g, 'for: 0s');

export interface Alerting {
  /** Resolves with the first alert posted to the receiver that `match` accepts. */
  alert(match: (a: WebhookAlert) => boolean): Promise<WebhookAlert>;
  prometheusUrl: string;
  stop(): Promise<void>;
}

function foreground(bin: string, args: string[]): ChildProcess {
  return spawn(bin, args, { stdio: ['ignore', 'ignore', process.env.TEST_LOG_LEVEL ? 'inherit' : 'ignore'] });
}

/**
 * Prometheus scraping `jobs` with the deployment's rules, Alertmanager (clustering off) routing every
 * alert to a webhook receiver on 127.0.0.1 that this test runs. Resolves once Prometheus is ready.
 */
export async function startAlerting(opts: { jobs: Record<string, string[]>; token: string }): Promise<Alerting> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'alerting-'));
  const posted: WebhookAlert[] = [];
  const waiting: { match: (a: WebhookAlert) => boolean; resolve: (a: WebhookAlert) => void }[] = [];
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      for (const a of (JSON.parse(body) as { alerts: WebhookAlert[] }).alerts) {
        posted.push(a);
        for (const w of waiting.filter((x) => x.match(a))) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(a);
        }
      }
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverPort = (receiver.address() as { port: number }).port;

  const [amPort, promPort] = [await freePort(), await freePort()];
  // JSON is YAML: Alertmanager reads it as is. Alerts reach the receiver at once, grouped per alert and instance.
  const amConfig = {
    route: { receiver: 'test', group_by: ['alertname', 'instance'], group_wait: '0s', group_interval: '1s', repeat_interval: '1h' },
    receivers: [{ name: 'test', webhook_configs: [{ url: `http://127.0.0.1:${receiverPort}/alerts`, send_resolved: false }] }],
  };
  fs.writeFileSync(path.join(dir, 'alertmanager.yml'), JSON.stringify(amConfig));
  fs.writeFileSync(path.join(dir, 'token'), opts.token);
  fs.writeFileSync(path.join(dir, 'alerts.yml'), rulesWithoutWaiting());
  const promConfig = prometheusConfig({
    jobs: opts.jobs,
    tokenFile: path.join(dir, 'token'),
    alertmanager: `127.0.0.1:${amPort}`,
    rules: path.join(dir, 'alerts.yml'),
  });
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), promConfig);

  const am = foreground('/usr/bin/prometheus-alertmanager', [
    `--config.file=${path.join(dir, 'alertmanager.yml')}`,
    `--storage.path=${path.join(dir, 'am')}`,
    `--web.listen-address=127.0.0.1:${amPort}`,
    // No gossip port: nothing listens beyond this test's loopback ports.
    '--cluster.listen-address=',
  ]);
  const prom = foreground('/usr/bin/prometheus', [
    `--config.file=${path.join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${path.join(dir, 'tsdb')}`,
    `--web.listen-address=127.0.0.1:${promPort}`,
  ]);
  const prometheusUrl = `http://127.0.0.1:${promPort}`;
  const stop = async () => {
    for (const c of [prom, am]) {
      if (c.exitCode === null && c.signalCode === null) {
        const gone = new Promise((r) => c.once('exit', r));
        c.kill('SIGTERM');
        await gone;
      }
    }
    await new Promise((r) => receiver.close(r));
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually(async () => (await fetch(`http://127.0.0.1:${amPort}/-/ready`)).ok, { timeout: 20_000, interval: 100, what: 'alertmanager to be ready' });
    await eventually(async () => (await fetch(`${prometheusUrl}/-/ready`)).ok, { timeout: 20_000, interval: 100, what: 'prometheus to be ready' });
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    prometheusUrl,
    alert: (match) => {
      const seen = posted.find(match);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ match, resolve }));
    },
    stop,
  };
}
