/** HLS egress and replays: the `LIVE_*` section of the configuration schema. Every setting has a working default. */
import { int, oneOf, optionalText, section } from '../../config/setting.js';

export interface EgressConfig {
  /** 'on' | 'off' | 'auto' (on, except under NODE_ENV=test, where the tests that need it turn it on). */
  mode: 'on' | 'off' | 'auto';
  /** ffmpeg egress processes this instance runs at once; a room past it stays WebRTC only. */
  max: number;
  /** Target length of one HLS segment, seconds. */
  segmentS: number;
  /** Segments in the live playlist (the rest stay in storage for the replay, or are removed). */
  windowSegments: number;
  /** Video bitrate of a transcoded (VP8 → H.264) stream, bit/s. */
  videoBitrate: number;
  /** Keep each live as a replay. */
  replays: boolean;
  /** A recording stops growing after this many minutes: its storage is bounded by length × bitrate. */
  replayMaxMinutes: number;
  /** Replays older than this many days are removed with their files (0: kept). */
  replayRetentionDays: number;
  /** Key of the signed links to a password room's HLS (nginx `secure_link` form); unset: derived from MEDIA_TOKEN_SECRET. */
  signingSecret: string | undefined;
  /** Lifetime of a signed link to a live segment, seconds (a kicked or banned viewer's last links die with it). */
  linkTtlS: number;
  /** Seconds between the keyframes a live's egress writes for the moderators' patrol wall (0: none). */
  thumbS: number;
  /** Seconds between two stream health samples kept per live and source (decision 0231). */
  healthS: number;
}

export const egressSettings = section(
  {
    LIVE_EGRESS: oneOf(['auto', 'on', 'off'], 'auto', 'HLS of every live room made by ffmpeg (`auto`: on unless NODE_ENV=test)', {
      '1': 'on',
      true: 'on',
      '0': 'off',
      false: 'off',
    }),
    LIVE_EGRESS_MAX: int(4, 'ffmpeg HLS egress processes per instance; rooms past it stay WebRTC only (no HLS, no replay)', { max: 256 }),
    LIVE_HLS_SEGMENT_S: int(1, 'Length of a live HLS segment, seconds (the HLS delay is about three of them)', { min: 1, max: 6 }),
    LIVE_HLS_WINDOW: int(6, 'Segments listed in the live playlist', { min: 3, max: 30 }),
    LIVE_HLS_VIDEO_BITRATE: int(1_000_000, 'Bitrate of a VP8 room transcoded to H.264 for HLS, bit/s (H.264 rooms are copied as published)', {
      min: 100_000,
      max: 8_000_000,
    }),
    LIVE_REPLAYS: oneOf(['on', 'off'], 'on', 'Keep every live as a replay (`off`: segments leave storage as they leave the live playlist)', {
      '1': 'on',
      '0': 'off',
    }),
    LIVE_REPLAY_MAX_MINUTES: int(240, 'A recording stops growing after this many minutes (its size is bounded by this × the bitrate cap)', {
      min: 1,
      max: 24 * 60,
    }),
    LIVE_REPLAY_RETENTION_DAYS: int(30, 'Replays older than this are removed with their files (0: kept forever)', { max: 3650 }),
    LIVE_HLS_SIGNING_SECRET: optionalText(
      '(unset: derived from MEDIA_TOKEN_SECRET)',
      "Key of the signed links to password rooms' HLS and private replays; give a CDN's secure_link the same value (README, deployment)",
    ),
    LIVE_THUMB_S: int(12, "Seconds between the keyframes (JPEG) a live's egress writes for the moderators' patrol wall (0: none)", { max: 60 }),
    LIVE_HEALTH_S: int(
      10,
      "Seconds between two stream health samples kept per live: the server's measure of the anchor's WHIP stream, and the anchor client's reports",
      {
        min: 1,
        max: 60,
      },
    ),
    LIVE_HLS_LINK_TTL_S: int(30, 'Lifetime of a signed link to a live segment of a password room, seconds', { min: 5, max: 3600 }),
  },
  (v): EgressConfig => ({
    mode: v.LIVE_EGRESS,
    max: v.LIVE_EGRESS_MAX,
    segmentS: v.LIVE_HLS_SEGMENT_S,
    windowSegments: v.LIVE_HLS_WINDOW,
    videoBitrate: v.LIVE_HLS_VIDEO_BITRATE,
    replays: v.LIVE_REPLAYS === 'on',
    replayMaxMinutes: v.LIVE_REPLAY_MAX_MINUTES,
    replayRetentionDays: v.LIVE_REPLAY_RETENTION_DAYS,
    signingSecret: v.LIVE_HLS_SIGNING_SECRET,
    linkTtlS: v.LIVE_HLS_LINK_TTL_S,
    thumbS: v.LIVE_THUMB_S,
    healthS: v.LIVE_HEALTH_S,
  }),
);
