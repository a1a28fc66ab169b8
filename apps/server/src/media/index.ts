/** The media module's public surface: the SFU, its HTTP routes, settings and errors. */
export { Sfu, compareSeats } from './sfu.js';
export type { CloseReason, PlayOptions, PublishOptions, PublisherEvent, RoomInfo, SessionAnswer, SfuEvents, ViewerEvent } from './sfu.js';
export { mediaRoutes } from './media.routes.js';
export type { MediaAuthorize, MediaAuthorizeResult, MediaIceServer, MediaRoutesOptions } from './media.routes.js';
export { mediaDefaults, mediaSettings, type MediaConfig } from './config.js';
export { MediaError, MediaErrorCode, type MediaErrorCodeValue } from './errors.js';
