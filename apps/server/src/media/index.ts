/** The media module's public surface: what the rest of the server uses of the SFU and its HTTP routes. */
export { Sfu } from './sfu.js';
export { mediaRoutes } from './media.routes.js';
export { createMediaEngine } from './createEngine.js';
export type { MediaEngine } from './engine.js';
export type { MediaAuthorize } from './media.routes.js';
export { MediaError, MediaErrorCode } from './errors.js';
