import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { GamesSupervisor } from './games/supervisor.js';
import { loadGamesConfig } from './modules/game/games.config.js';
import { assertSafeForProduction, UnsafeProductionError } from './productionSafety.js';

/** Starts the server: migrate, seed, serve the API, the hall and the web app on one port. */
async function main(): Promise<void> {
  assertSafeForProduction(process.env);
  const config = loadConfig();
  // The games host (a child process) and this server share the internal API's secret.
  process.env.GAMES_SECRET ||= randomBytes(24).toString('hex');
  const { app, webApp } = await buildApp(config);
  if (!webApp) app.log.warn({ webDist: config.webDist }, 'no web build found: serving the API only (run `npm run build`)');

  let games: GamesSupervisor | undefined;
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // A hung connection must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    Promise.all([app.close(), games?.stop()]).then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const local = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  if (loadGamesConfig().spawn) {
    games = new GamesSupervisor({ ...process.env, GAMES_MAIN_URL: process.env.GAMES_MAIN_URL || `http://${local}:${config.port}` }, app.log);
    games.start();
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`ready: http://${shown}:${config.port} (API docs at /api/docs, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
}

main().catch((err: unknown) => {
  if (err instanceof UnsafeProductionError) console.error(err.message);
  else console.error('failed to start', err);
  process.exit(1);
});
