import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CIPHER_IV, DEFAULT_CIPHER_KEY } from '@app/kit';
import { ENV_VARS, loadConfig, REPO_ROOT, SERVER_ROOT } from '../src/config.js';
import { MEDIA_ENV_VARS } from '../src/media/config.js';
import { ROOM_ENV_VARS } from '../src/modules/room/room.config.js';
import { FINANCE_ENV_VARS } from '../src/modules/finance/finance.config.js';
import { GAMES_ENV_VARS } from '../src/modules/game/games.config.js';
import { VIDEO_ENV_VARS } from '../src/modules/video/video.config.js';
import { CALL_ENV_VARS } from '../src/modules/chat/call.config.js';
import { STORAGE_ENV_VARS } from '../src/storage/storage.config.js';

describe('config', () => {
  it('works with no environment at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, redisUrl: undefined, smsProvider: 'log', tokenTtlDays: 7, tokenTtlRememberDays: 30, seedDemo: true });
    expect([c.cipherKey, c.cipherIv]).toEqual([DEFAULT_CIPHER_KEY, DEFAULT_CIPHER_IV]);
  });

  it('resolves DATA_DIR and WEB_DIST from the repository, not the working directory', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
    const c = loadConfig({});
    expect(c.dataDir).toBe(path.join(REPO_ROOT, 'data'));
    expect(c.webDist).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
  });

  it('reads overrides and refuses nonsense numbers', () => {
    const c = loadConfig({ PORT: '9000', SEED_DEMO: '0', PUBLIC_URL: 'https://live.example/', DATABASE_URL: 'postgres://x/y' });
    expect([c.port, c.seedDemo, c.publicUrl, c.databaseUrl]).toEqual([9000, false, 'https://live.example', 'postgres://x/y']);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('documents every variable in ENV.md, and only those', () => {
    const doc = fs.readFileSync(path.join(SERVER_ROOT, 'ENV.md'), 'utf8');
    const listed = [...doc.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual(ENV_VARS.map((v) => v.name));
    // Every variable the loader reads is in the table.
    const src = fs.readFileSync(path.join(SERVER_ROOT, 'src/config.ts'), 'utf8');
    const read = new Set([...src.matchAll(/env\.([A-Z_]+)/g)].map((m) => m[1]));
    expect([...read].sort()).toEqual(ENV_VARS.map((v) => v.name).sort());
  });

  it('lists the same variables in the README table', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((m) => m[1]);
    expect(listed).toEqual([...ENV_VARS, ...STORAGE_ENV_VARS, ...MEDIA_ENV_VARS, ...ROOM_ENV_VARS, ...FINANCE_ENV_VARS, ...VIDEO_ENV_VARS, ...GAMES_ENV_VARS, ...CALL_ENV_VARS].map((v) => v.name));
  });
});
