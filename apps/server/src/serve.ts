import { randomBytes } from 'node:crypto';
import { buildApp } from './app.js';
import { runs, type Config } from './config.js';
import { GamesSupervisor } from './games/supervisor.js';

/**
 * Serves an instance (main.ts has checked its settings and, when asked, started tracing): builds
 * the app, listens, runs the games host as a supervised child when it has the games role, and
 * stops on SIGINT/SIGTERM after the requests in flight (and the spans still buffered, `flush`).
 */
export async function serve(config: Config, env: NodeJS.ProcessEnv, flush: () => Promise<void>): Promise<void> {
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
    Promise.all([app.close(), games?.stop()])
      // A collector that is down must not hold the stop: its spans are lost, the exit is clean.
      .then(() => flush().catch(() => undefined))
      .then(
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
    games = new GamesSupervisor({ ...env, GAMES_SECRET: gamesSecret, GAMES_MAIN_URL: config.games.mainUrl }, app.log);
    games.start();
  }
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(
    `ready: http://${shown}:${config.port} (roles ${[...config.roles].join(',')}; API docs at /api/docs, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`,
  );
}
