import { ConfigError, loadConfig, runs, sharedSecretProblems } from './config.js';
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
  // Tracing patches the libraries as they load, so it starts before the server's modules are
  // imported (serve.js and all it imports load after this line); without an endpoint nothing of it loads.
  const flush = config.tracing ? (await import('./tracing/startTracing.js')).startTracing(config.tracing, [...config.roles].join(',')) : async () => {};
  const { serve } = await import('./serve.js');
  await serve(config, process.env, flush);
}

main().catch((err: unknown) => {
  if (err instanceof UnsafeProductionError || err instanceof ConfigError) console.error(err.message);
  else console.error('failed to start', err);
  process.exit(1);
});
