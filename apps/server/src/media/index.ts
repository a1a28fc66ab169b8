/** The media module's public surface: what the rest of the server uses of the SFU and its HTTP routes. */
export { Sfu } from './sfu.js';
export { mediaRoutes } from './media.routes.js';
export { createMediaEngine } from './createEngine.js';
export type { MediaEngine } from './engine.js';
export type { MediaAuthorize } from './media.routes.js';
export { MediaError, MediaErrorCode } from './errors.js';
// Placement: the media nodes rooms are placed on, and each server process's lease.
export { attachMediaNodes } from './placement/attachNodes.js';
export { janusNodeId, MediaNodes } from './placement/mediaNodes.js';
export { InstanceLease } from './placement/instanceLease.js';
