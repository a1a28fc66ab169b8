import { ConfigError, isProduction, loadConfig, sharedSecretProblems } from '../config.js';
import { MIN_SECRET_LENGTH, UnsafeProductionError } from '../productionSafety.js';
import { openGamesDb } from './db.js';
import { closeMetrics, listenMetrics } from '../metrics/metricsServer.js';
import { buildGamesHost } from './host.js';

const RECOVER_EVERY_MS = 3_000;

/**
 * The games host process: its own database and port. At start, and then every few seconds, it
 * sends again every op whose answer never came (a crash, a timeout) and returns coins left in
 * wallets without a live session, so both ledgers agree and no balance stays stuck.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const games = config.games;
  const unshared = sharedSecretProblems(config, ['games']);
  if (unshared.length > 0) throw new ConfigError(unshared);
  // Its own check: the games host can run apart from the main server, and its secret moves coins.
  if (isProduction(config) && (!games.secretGiven || games.secret.length < MIN_SECRET_LENGTH)) {
    throw new UnsafeProductionError(
      `refusing to start with NODE_ENV=production: GAMES_SECRET must be set (≥ ${MIN_SECRET_LENGTH} characters, the same as the main server's)`,
    );
  }
  const db = await openGamesDb({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, schema: games.databaseSchema });
  const { app, wallets, service, metrics } = await buildGamesHost(config, games, db);
  const gamesMetricsPort = config.metrics.gamesPort;
  const metricsListener = gamesMetricsPort ? await listenMetrics(metrics, config.metrics, gamesMetricsPort) : undefined;

  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      await wallets.recover();
      await service.sweepStranded();
    } catch (err) {
      app.log.warn({ err }, 'games host: recovery pass failed');
    }
    timer = setTimeout(() => void tick(), RECOVER_EVERY_MS);
    timer.unref();
  };

  const shutdown = (signal: string) => {
    app.log.info({ signal }, 'games host shutting down');
    clearTimeout(timer);
    void closeMetrics(metricsListener);
    app.close().then(
      () => db.close().then(() => process.exit(0)),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  // Started by the main server: leave with it, so a killed parent never leaves the port taken.
  const parentFlag = process.argv.indexOf('--parent-pid');
  const parent = parentFlag > 0 ? Number(process.argv[parentFlag + 1]) : 0;
  if (parent > 0) {
    setInterval(() => {
      try {
        process.kill(parent, 0);
      } catch {
        shutdown('parent gone');
      }
    }, 2_000).unref();
  }

  await app.listen({ port: games.port, host: config.host });
  app.log.info(`games host ready on port ${games.port} (main server at ${games.mainUrl})`);
  void tick();
}

main().catch((err: unknown) => {
  if (err instanceof UnsafeProductionError || err instanceof ConfigError) console.error(err.message);
  else console.error('games host failed to start', err);
  process.exit(1);
});
