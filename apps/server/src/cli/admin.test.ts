import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

const TSX = path.join(__dirname, '../../../../node_modules/.bin/tsx');
const run = (args: string[]) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'liveapp-cli-'));
  try {
    return spawnSync(TSX, [path.join(__dirname, 'admin.ts'), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    });
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

describe('the operator command line', () => {
  it('prints its usage for --help and exits 0; an unknown command is an error (2)', () => {
    const help = run(['--help']);
    expect([help.status, help.stdout.startsWith('usage:'), help.stderr]).toEqual([0, true, '']);
    const wrong = run(['frobnicate']);
    expect([wrong.status, wrong.stderr.startsWith('usage:')]).toEqual([2, true]);
  }, 60_000);

  it('push-keys prints a VAPID key pair the configuration takes', () => {
    const out = run(['push-keys']);
    expect(out.status).toBe(0);
    const env = Object.fromEntries([...out.stdout.matchAll(/^(VAPID_\w+)=(\S+)$/gm)].map((m) => [m[1]!, m[2]!]));
    expect(Buffer.from(env.VAPID_PUBLIC_KEY!, 'base64url')).toHaveLength(65);
    expect(Buffer.from(env.VAPID_PRIVATE_KEY!, 'base64url')).toHaveLength(32);
    expect(loadConfig(env).push.vapid?.publicKey).toBe(env.VAPID_PUBLIC_KEY);
  }, 60_000);
});
