import type { Config } from '../config.js';
import type { Services } from '../services.js';
import type { ServeOptions } from './serve.js';

/** What route modules are given: the services, and serve options with or without the auth rate limit. */
export interface RouteEnv {
  config: Config;
  services: Services;
  /** Ordinary routes. */
  plain: ServeOptions;
  /** Auth and verification routes: per-IP rate limited. */
  limited: ServeOptions;
}
