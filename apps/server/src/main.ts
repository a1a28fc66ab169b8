import { buildApp } from './app.js';
import { loadConfig } from './config.js';

/** Starts the server: migrate, seed, serve the API, the hall and the web app on one port. */
async function main(): Promise<void> {
  const config = loadConfig();
  const { app, webApp } = await buildApp(config);
  if (!webApp) app.log.warn({ webDist: config.webDist }, 'no web build found: serving the API only (run `npm run build`)');

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
    app.close().then(
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
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  app.log.info(`ready: http://${shown}:${config.port} (API docs at /api/docs, data in ${config.databaseUrl ? 'PostgreSQL' : config.dataDir})`);
}

main().catch((err: unknown) => {
  console.error('failed to start', err);
  process.exit(1);
});
