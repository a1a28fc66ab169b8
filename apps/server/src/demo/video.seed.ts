import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MONEY_UNIT } from '@app/kit';
import type { Deps } from '../deps.js';
import { nowIso } from '../db/time.js';
import { DEMO_ANCHORS } from './room.seed.js';
import { users } from '../modules/user/users.js';
import { ffmpeg, ffmpegAvailable, probe } from '../modules/video/ffmpeg.js';
import type { TranscodeQueue } from '../modules/video/transcodeQueue.js';
import type { VideoConfig } from '../modules/video/video.config.js';
import { videoRepository as repo } from '../modules/video/video.repository.js';
import { VideoSources } from '../modules/video/videoSource.js';

/** Demo clips: an ffmpeg test source, a title, a category (by sort), a price in whole coins. */
const CLIPS = [
  { src: 'testsrc2=size=360x640:rate=25', title: '星光测试卡：整点报时', cate: 5, price: 0, tone: 440 },
  { src: 'mandelbrot=size=360x640:rate=25', title: '曼德博分形之旅', cate: 3, price: 5, tone: 523 },
  { src: 'life=size=360x640:rate=25:mold=10:ratio=0.5:death_color=#1b1464:life_color=#ff5c8a', title: '生命游戏 · 像素舞蹈', cate: 2, price: 0, tone: 659 },
  { src: 'smptehdbars=size=360x640:rate=25', title: '复古彩条与正弦波', cate: 1, price: 0, tone: 587 },
];
const CLIP_S = 10;

/**
 * Makes a few short demo videos at first start (SEED_DEMO, DEMO_VIDEOS): clips generated with
 * ffmpeg, published by the demo anchors, transcoded by the queue like any upload. Runs in the
 * background after the server is up; skipped when ffmpeg is missing or videos already exist.
 */
export async function seedDemoVideos(deps: Deps, config: VideoConfig, queue: TranscodeQueue, incomingDir: string): Promise<void> {
  const { db, log } = deps;
  if (!deps.config.seedDemo || config.demoVideos === 'off' || (config.demoVideos === 'auto' && deps.config.nodeEnv === 'test')) return;
  if (await db.kysely.selectFrom('video_resources').select('id').limit(1).executeTakeFirst()) return;
  if (!(await ffmpegAvailable(config))) {
    log.info('ffmpeg not found: no demo videos');
    return;
  }
  await fs.mkdir(incomingDir, { recursive: true });
  for (const [i, clip] of CLIPS.entries()) {
    const anchor = await users.byMobile(db.kysely, DEMO_ANCHORS[i % DEMO_ANCHORS.length]!.mobile);
    if (!anchor) return;
    const uploadId = randomBytes(24).toString('base64url');
    const file = path.join(incomingDir, uploadId);
    await ffmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        clip.src,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${clip.tone}:sample_rate=44100`,
        '-t',
        String(CLIP_S),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        '-f',
        'mp4',
        file,
      ],
      { programs: config },
    );
    const info = await probe(config, file);
    if (!info) continue;
    const now = nowIso();
    const { size } = await fs.stat(file);
    const r = await repo.insertResource(db.kysely, {
      user_id: anchor.id,
      upload_id: uploadId,
      status: 'receiving',
      total: size,
      created_at: now,
      updated_at: now,
    });
    await new VideoSources(deps.storage, incomingDir).share(uploadId); // S3: in the bucket, for any instance
    await repo.update(db.kysely, r.id, { status: 'uploaded', received: size, duration: info.duration, width: info.width, height: info.height });
    const cate = (await repo.categories(db.kysely)).find((c) => c.sort === clip.cate);
    await repo.insertVideo(db.kysely, {
      user_id: anchor.id,
      resource_id: r.id,
      cate_id: cate?.id ?? 1,
      title: clip.title,
      cover: '',
      price: clip.price * MONEY_UNIT,
      created_at: now,
    });
    queue.kick();
  }
  log.info({ clips: CLIPS.length }, 'demo videos queued for transcoding');
}
