import { z } from 'zod';
import { defineRoute } from '../route.js';
import { isoTime, pageOf, pageQuery } from '../envelope.js';
import { line, name, opaque } from '../text.js';
import { id, names, strict, userBrief } from './common.js';
import { money, requestId } from './finance.js';
import { roomBrief } from './room.js';
import { clipSource } from './clip.js';

/** Longest video accepted, seconds (seed §9), checked on the server with ffprobe. */
export const VIDEO_MAX_DURATION_S = 60;
/** Largest title of a video. */
export const VIDEO_TITLE_MAX = 60;
/** Highest price of a paid video, whole gold coins. */
export const VIDEO_PRICE_MAX_COINS = 9999;

export const videoCategory = z.object({ id: z.number().int(), name: z.string(), names, sort: z.number().int() });
export type VideoCategory = z.infer<typeof videoCategory>;

/** One video in a list: what the two-column grid shows. */
export const videoCard = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string().describe('guarded image URL (first 100 bytes altered, seed §7)'),
  duration: z.number().describe('seconds'),
  width: z.number().int(),
  height: z.number().int(),
  views: z.number().int(),
  likes: z.number().int(),
  price: money.describe('0 = free; otherwise coins × 10000 to watch past the preview'),
  cate_id: z.number().int(),
  user: userBrief,
  created_at: isoTime,
  clip: clipSource.nullable().describe('a clip of a live or replay: the anchor credited and the link back; null for an upload'),
});
export type VideoCard = z.infer<typeof videoCard>;

/** One video as the player sees it, for the caller. */
export const videoInfo = videoCard.extend({
  play_url: z
    .string()
    .describe('HLS master playlist; send the Authorization header: buyers, the uploader and free videos get every segment, others the preview'),
  full: z.boolean().describe('whether play_url plays the whole video for this caller'),
  preview_s: z.number().describe('seconds a non-buyer may watch of a paid video'),
  bought: z.boolean(),
  liked: z.boolean(),
  followed: z.boolean().describe('the caller follows the uploader'),
  is_owner: z.boolean(),
  uploader_share_bp: z.number().int().describe('share of a sale credited to the uploader, basis points'),
});
export type VideoInfo = z.infer<typeof videoInfo>;

/** Transcode state of an uploaded video: receiving → uploaded → processing → ready | failed. */
export const videoResourceStatus = z.enum(['receiving', 'uploaded', 'processing', 'ready', 'failed']);
export type VideoResourceStatus = z.infer<typeof videoResourceStatus>;

/** One of the caller's uploaded videos (resource/user/fetch). */
export const videoResource = z.object({
  id: z.number().int(),
  status: videoResourceStatus,
  duration: z.number().describe('seconds (0 until probed)'),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int().describe('bytes'),
  poster: z.string().describe('guarded poster image URL, "" until ready'),
  error: z.string().describe('why it failed, "" otherwise'),
  video: videoCard
    .pick({ id: true, title: true, cover: true, price: true, views: true })
    .nullable()
    .describe('the published video, null until video/list/create'),
  created_at: isoTime,
});
export type VideoResource = z.infer<typeof videoResource>;

/** How to upload a video: chunks to this server (local storage) or presigned URLs (S3). */
export const uploadTicket = z.object({
  provider: z
    .enum(['local', 's3'])
    .describe('local: chunks to resource/upload/video; s3: one PUT of the whole file to `url`, then resource/upload/video/complete'),
  upload_id: z.string(),
  url: z.string().describe('local: resource/upload/video; s3: the presigned PUT URL'),
  chunk_size: z.number().int().describe('bytes per chunk (the last one may be shorter); s3: the whole file'),
  max_size: z.number().int().describe('largest file accepted, bytes'),
  max_duration_s: z.number().int(),
  expires_at: isoTime,
});
export type UploadTicket = z.infer<typeof uploadTicket>;

const uploadId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'upload_id 无效');

export const videoRoutes = {
  videoCates: defineRoute({
    method: 'GET',
    path: 'video/cate/fetch',
    auth: 'public',
    tag: 'video',
    summary: 'Video categories, in display order',
    data: z.object({ list: z.array(videoCategory) }),
  }),
  videoList: defineRoute({
    method: 'GET',
    path: 'video/list/fetch',
    auth: 'public',
    tag: 'video',
    summary: 'Published, ready videos, newest first (or most viewed); optionally of one category or uploader',
    query: pageQuery.extend({ cate_id: id.optional(), user_id: id.optional(), sort: z.enum(['new', 'hot']).default('new') }).strict(),
    data: pageOf(videoCard),
  }),
  videoInfo: defineRoute({
    method: 'GET',
    path: 'video/list/info',
    auth: 'public',
    tag: 'video',
    summary: 'One video for the player (counts a view): play URL, whether it plays in full for the caller, likes, follow state',
    query: z.strictObject({ id }),
    data: videoInfo,
  }),
  videoBuy: defineRoute({
    method: 'POST',
    path: 'video/buy',
    auth: 'member',
    tag: 'video',
    summary: 'Buy a paid video with coins (once; it then plays in full forever); the uploader earns their share. Idempotent per request_id',
    body: strict({ request_id: requestId, video_id: id }),
    data: z.object({ video: videoInfo, coin: money.describe("the buyer's coins after the purchase") }),
  }),
  videoCreate: defineRoute({
    method: 'POST',
    path: 'video/list/create',
    auth: 'member',
    tag: 'video',
    summary:
      'Publish an uploaded video (title, category, cover, price); it is listed once its transcode is ready. Publishing the same upload again answers the same video',
    body: strict({
      resource_id: id,
      title: name().trim().min(1, '请填写标题').max(VIDEO_TITLE_MAX, `标题最多${VIDEO_TITLE_MAX}字`),
      cate_id: id,
      price_coins: z
        .number({ error: '价格必须是数字' })
        .int('价格必须是整数')
        .min(0, '价格不能为负')
        .max(VIDEO_PRICE_MAX_COINS, `价格最多${VIDEO_PRICE_MAX_COINS}金币`)
        .default(0),
      cover: opaque()
        .max(300)
        .regex(/^\/uploads\/cover\/[A-Za-z0-9/_.-]+$/, '封面请先上传')
        .optional()
        .describe('an image uploaded with purpose "cover"; the poster frame when left out'),
    }),
    data: videoResource,
  }),
  videoLike: defineRoute({
    method: 'POST',
    path: 'video/like',
    auth: 'member',
    tag: 'video',
    summary: 'Like or unlike a video (setting the same state twice changes nothing)',
    body: strict({ video_id: id, like: z.boolean() }),
    data: z.object({ liked: z.boolean(), likes: z.number().int() }),
  }),
  uploadSts: defineRoute({
    method: 'GET',
    path: 'resource/upload/sts',
    auth: 'member',
    tag: 'upload',
    summary: 'Start a video upload: an upload id and where to send it (chunks to this server; presigned URLs when S3 storage is configured)',
    query: z.strictObject({ size: z.coerce.number().int().positive('size: 文件大小无效'), name: line().max(200).optional() }),
    data: uploadTicket,
  }),
  uploadVideo: defineRoute({
    method: 'POST',
    path: 'resource/upload/video',
    auth: 'member',
    tag: 'upload',
    summary:
      'One chunk of a video upload (multipart field "file" at byte offset `offset`); a chunk already received is acknowledged again, so a retry resumes. The last chunk checks the file (bytes, ffprobe, ≤ 60 s) and queues the transcode',
    multipart: true,
    body: z.strictObject({ upload_id: uploadId, offset: z.coerce.number().int().min(0, 'offset 不能为负').max(Number.MAX_SAFE_INTEGER) }),
    data: z.object({
      upload_id: z.string(),
      received: z.number().int(),
      total: z.number().int(),
      resource: videoResource.nullable().describe('set once the whole file arrived and passed the checks'),
    }),
  }),
  uploadVideoDone: defineRoute({
    method: 'POST',
    path: 'resource/upload/video/complete',
    auth: 'member',
    tag: 'upload',
    summary:
      'With S3 storage: the file was PUT to the presigned URL of resource/upload/sts; the server fetches it and checks it (bytes, ffprobe, ≤ 60 s) like the last chunk',
    body: strict({ upload_id: uploadId }),
    data: z.object({ upload_id: z.string(), received: z.number().int(), total: z.number().int(), resource: videoResource.nullable() }),
  }),
  resourceFetch: defineRoute({
    method: 'GET',
    path: 'resource/user/fetch',
    auth: 'member',
    tag: 'upload',
    summary: "The caller's uploaded videos, newest first, with their transcode state",
    query: pageQuery.strict(),
    data: pageOf(videoResource),
  }),
  resourceDelete: defineRoute({
    method: 'DELETE',
    path: 'resource/user/delete',
    auth: 'member',
    tag: 'upload',
    summary: "Delete one of the caller's uploaded videos (and unlist its published video); someone else's is NOT_FOUND",
    query: z.strictObject({ id }),
    data: z.object({ deleted: z.literal(true) }),
  }),
  homeTravel: defineRoute({
    method: 'GET',
    path: 'home/travel',
    auth: 'public',
    tag: 'home',
    summary: 'What the home page recommends: rooms on air and the most viewed videos',
    data: z.object({ rooms: z.array(roomBrief), videos: z.array(videoCard) }),
  }),
};
