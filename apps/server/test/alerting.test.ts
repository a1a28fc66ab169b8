/**
 * deploy/prometheus/ is what Prometheus and Alertmanager accept: promtool and amtool check the files
 * as shipped, and the configuration the deployment test runs (deployment.test.ts, where an alert
 * really fires). Runs under `npm run test:scale` where Debian's prometheus is installed.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEPLOY_PROMETHEUS, PROMETHEUS, prometheusConfig, rulesWithoutWaiting } from './helpers/alerting.js';
import { scaleEnabled } from './helpers/instancePair.js';

const check = (bin: string, args: string[]) => execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promtool-'));

describe.skipIf(!scaleEnabled() || !PROMETHEUS)('deploy/prometheus', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds alert rules promtool accepts, one per condition the on-call engineer is paged for', () => {
    const out = check('promtool', ['check', 'rules', path.join(DEPLOY_PROMETHEUS, 'alerts.yml')]);
    expect(out).toMatch(/SUCCESS: 9 rules found/);
    const names = [...fs.readFileSync(path.join(DEPLOY_PROMETHEUS, 'alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
    expect(names).toEqual([
      'InstanceDown',
      'HighErrorRate',
      'MoneyCallsSlow',
      'PaymentCallbacksRefused',
      'MediaNodeDown',
      'MediaNodeFull',
      'EgressFailing',
      'NoWorkerLeader',
      'BackupTooOld',
    ]);
  });

  it('holds a scrape configuration promtool accepts, as shipped and as the deployment test runs it', () => {
    expect(check('promtool', ['check', 'config', '--syntax-only', path.join(DEPLOY_PROMETHEUS, 'prometheus.yml')])).toMatch(/SUCCESS/);
    fs.writeFileSync(path.join(dir, 'token'), 'metrics-token-0123456789abcdef');
    fs.writeFileSync(path.join(dir, 'alerts.yml'), rulesWithoutWaiting());
    const config = prometheusConfig({
      jobs: { web: ['127.0.0.1:1', '127.0.0.1:2'], worker: ['127.0.0.1:3'], games: ['127.0.0.1:4'] },
      tokenFile: path.join(dir, 'token'),
      alertmanager: '127.0.0.1:5',
      rules: path.join(dir, 'alerts.yml'),
    });
    fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
    expect(check('promtool', ['check', 'config', path.join(dir, 'prometheus.yml')])).toMatch(/SUCCESS: 1 rule files found/);
  });

  it('holds an Alertmanager configuration amtool accepts', () => {
    expect(check('amtool', ['check-config', path.join(DEPLOY_PROMETHEUS, 'alertmanager.yml')])).toMatch(/SUCCESS/);
  });
});
