import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, runs, sharedSecretProblems } from './config.js';
import { GamesSupervisor } from './games/supervisor.js';
import { assertSafeForProduction, UnsafeProductionError } from './productionSafety.js';

/**
 * Starts an instance with the roles of ROLES (all by default): migrate, seed, and serve on one port
 * what its roles take (API and web app, hall, media, background jobs), with the games host as a
 * supervised child when it has the games role. `ROLES=games` alone runs just the games host.
 */
async function main(): Promise<void> {
  // The only place the environment is read (with the games host's entry point and the operator CLI).
  const config = loadConfig(process.env);
  assertSafeForProduction(config);
  const unshared = sharedSecretProblems(config);
  if (unshared.length > 0) throw new ConfigError(unshared);
  if (config.roles.size === 1 && runs(config, 'games')) {
    await import('./games/main.js');
    return;
  }
  // The games host (a child process) and this server share the internal API's secret; a lone
  // instance makes one for both (several instances were refused above without one).
  const gamesSecret = config.games.secretGiven ? config.games.secret : randomBytes(24).toString('hex');
  const { app, webApp } = await buildApp({ ...config, games: { ...config.games, secret: gamesSecret } });
  if (!webApp && runs(config, 'api')) app.log.warn({ webDist: config.webDist }, 'no web build found: serving the API only (run `npm run build`)');

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
  if (runs(config, 'games')) {
    games = new GamesSupervisor({ ...process.env, GAMES_SECRET: gamesSecret, GAMES_MAIN_URL: config.games.mainUrl }, app.log);
    games.start();
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `ready: http://${shown}:${config.port} (roles ${[...config.roles].join(',')}; API docs at /api/docs, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof UnsafeProductionError || err instanceof ConfigError) console.error(err.message);
  else console.error('failed to start', err);
  process.exit(1);
});
