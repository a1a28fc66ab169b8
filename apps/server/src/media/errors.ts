/**
 * Refusals of the media layer. Each has a stable string code (for the client to branch on) and the
 * HTTP status the WHIP/WHEP routes answer with; the message is for people (logs, OBS's error box).
 */

export const MediaErrorCode = {
  BAD_SDP: 'bad_sdp',
  BAD_REQUEST: 'bad_request',
  UNSUPPORTED_MEDIA_TYPE: 'unsupported_media_type',
  UNAUTHORIZED: 'unauthorized',
  FORBIDDEN: 'forbidden',
  TOKEN_EXPIRED: 'token_expired',
  ROOM_NOT_FOUND: 'room_not_found',
  NO_PUBLISHER: 'no_publisher',
  SESSION_NOT_FOUND: 'session_not_found',
  PRECONDITION_FAILED: 'precondition_failed',
  SEAT_BUSY: 'seat_busy',
  ROOM_PUBLISHERS_FULL: 'room_publishers_full',
  ROOM_LIMIT: 'room_limit',
  VIEWER_LIMIT: 'viewer_limit',
  CLOSED: 'closed',
} as const;
export type MediaErrorCodeValue = (typeof MediaErrorCode)[keyof typeof MediaErrorCode];

const STATUS: Record<MediaErrorCodeValue, number> = {
  bad_sdp: 400,
  bad_request: 400,
  unsupported_media_type: 415,
  unauthorized: 401,
  forbidden: 403,
  // A well-signed token past its expiry: the broadcaster needs a new one, not another seat or room.
  token_expired: 403,
  room_not_found: 404,
  no_publisher: 404,
  session_not_found: 404,
  // If-Match names an entity tag the session no longer has (RFC 9725 §4.3).
  precondition_failed: 412,
  // Room-level conflicts: the room's state refuses, retrying now will not help.
  seat_busy: 409,
  room_publishers_full: 409,
  // Process-level capacity: another instance (or later) may accept.
  room_limit: 503,
  viewer_limit: 503,
  closed: 503,
};

export class MediaError extends Error {
  readonly code: MediaErrorCodeValue;
  readonly status: number;
  constructor(code: MediaErrorCodeValue, msg: string) {
    super(msg);
    this.name = 'MediaError';
    this.code = code;
    this.status = STATUS[code];
  }
}
