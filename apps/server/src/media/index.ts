/** The media module's public surface: what the rest of the server uses of the SFU, its HTTP routes and settings. */
export { Sfu } from './sfu.js';
export { mediaRoutes } from './media.routes.js';
export type { MediaAuthorize } from './media.routes.js';
export { mediaConfigFromEnv } from './config.js';
