import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';
import { ConfigError, loadConfig, REPO_ROOT, ROLES, sharedSecretProblems, SETTINGS } from '../src/config.js';
import { SETTINGS_DOCS, settingsTable, tableIn } from '../src/config/settingsDoc.js';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('config', () => {
  it('works with no environment at all, every section at its default', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      redisUrl: undefined,
      smsProvider: 'log',
      tokenTtlDays: 7,
      tokenTtlRememberDays: 30,
      seedDemo: true,
      s3: undefined,
    });
    expect([c.cipherKey, c.cipherIv]).toEqual([DEFAULT_CIPHER_KEY, DEFAULT_CIPHER_IV]);
    expect([...c.roles]).toEqual([...ROLES]);
    expect(c.room.graceMs).toBe(60_000);
    expect(c.finance.checkInRewards).toEqual([1, 2, 3, 4, 5, 6, 10].map((n) => n * 10_000));
    expect(c.games.mainUrl).toBe('http://127.0.0.1:8080');
    expect(c.video.ffmpeg).toBe('ffmpeg');
  });

  it('resolves DATA_DIR and WEB_DIST from the repository, not the working directory', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
    const c = loadConfig({});
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
  });

  it('reads overrides into their sections', () => {
    const c = loadConfig({
      PORT: '9000',
      SEED_DEMO: '0',
      PUBLIC_URL: 'https://live.example/',
      DATABASE_URL: 'postgres://x/y',
      ROOM_GRACE_MS: '1200',
      FORUM_SENSITIVE_WORDS: 'a, b',
      ROLES: 'api,realtime',
      REDIS_URL: 'redis://r',
    });
    expect([c.port, c.seedDemo, c.publicUrl, c.databaseUrl, c.room.graceMs, c.forum.sensitiveWords]).toEqual([
      9000,
      false,
      'https://live.example',
      'postgres://x/y',
      1200,
      ['a', 'b'],
    ]);
    expect([...c.roles].sort()).toEqual(['api', 'realtime']);
  });

  it('names every bad setting at once, across sections', () => {
    const problems = problemsOf({ PORT: 'eighty', ROOM_GRACE_MS: '-1', PAY_PROVIDER: 'paypal', MEDIA_PORT_MIN: '40000', LOG_LEVEL: 'loud', ROLES: 'api,cook' });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['LOG_LEVEL', 'MEDIA_PORT_MIN', 'PAY_PROVIDER', 'PORT', 'ROLES', 'ROOM_GRACE_MS']);
    expect(problems.find((p) => p.startsWith('PORT'))).toBe('PORT: must be an integer in [0, 65535], got "eighty"');
  });

  it('refuses roles split over instances without Redis to carry events between them', () => {
    expect(problemsOf({ ROLES: 'worker' })[0]).toMatch(/^ROLES: .*needs REDIS_URL/);
    expect(problemsOf({ ROLES: 'worker', REDIS_URL: 'redis://r' })).toEqual([]);
    // The games host alone, or everything but it, needs nothing more.
    expect(problemsOf({ ROLES: 'games' })).toEqual([]);
    expect(problemsOf({ ROLES: 'api,realtime,worker,media' })).toEqual([]);
  });

  it('requires the shared secrets where several instances can run', () => {
    expect(sharedSecretProblems(loadConfig({}))).toEqual([]);
    expect(sharedSecretProblems(loadConfig({ DATABASE_URL: 'postgres://x/y' })).map((p) => p.split(':')[0])).toEqual(['MEDIA_TOKEN_SECRET', 'GAMES_SECRET']);
    expect(sharedSecretProblems(loadConfig({ REDIS_URL: 'redis://r', MEDIA_TOKEN_SECRET: 'm', GAMES_SECRET: 'g' }))).toEqual([]);
    // The games host checks only its own.
    expect(sharedSecretProblems(loadConfig({ DATABASE_URL: 'postgres://x/y', GAMES_SECRET: 'g' }), ['games'])).toEqual([]);
  });

  it('lists every setting once, and README.md and ENV.md show the table the schema makes', () => {
    const names = SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const file of SETTINGS_DOCS) {
      expect(tableIn(fs.readFileSync(file, 'utf8')), `${path.relative(REPO_ROOT, file)}: run npm run settings -w apps/server`).toBe(settingsTable());
    }
  });

  it('is read from the environment only by the entry points', () => {
    const entry = new Set(['src/main.ts', 'src/games/main.ts', 'src/cli/admin.ts']);
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') && fs.readFileSync(full, 'utf8').includes('process.env'))
          readers.push(path.relative(path.join(REPO_ROOT, 'apps/server'), full));
      }
    };
    walk(path.join(REPO_ROOT, 'apps/server/src'));
    expect(readers.filter((f) => !entry.has(f))).toEqual([]);
  });
});
