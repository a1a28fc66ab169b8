import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { runs } from '../config.js';
import type { RouteEnv } from '../http/routeEnv.js';
import { adminRoutes } from '../modules/admin/admin.routes.js';
import { anchorRoutes } from '../modules/anchor/anchor.routes.js';
import { authRoutes } from '../modules/auth/auth.routes.js';
import { chatRoutes } from '../modules/chat/chat.routes.js';
import { configRoutes } from '../modules/config/config.routes.js';
import { creatorRoutes } from '../modules/creator/creator.routes.js';
import { envelopeRoutes } from '../modules/envelope/envelope.routes.js';
import { fanClubRoutes } from '../modules/fanclub/fanclub.routes.js';
import { financeRoutes } from '../modules/finance/finance.routes.js';
import { forumRoutes } from '../modules/forum/forum.routes.js';
import { gameRoutes } from '../modules/game/game.routes.js';
import { gamesHostForClient } from '../config/games.config.js';
import { healthRoutes } from '../modules/health/health.routes.js';
import { homeRoutes } from '../modules/home/home.routes.js';
import { liveRoutes } from '../modules/live/live.routes.js';
import { luckyBagRoutes } from '../modules/luckybag/luckybag.routes.js';
import { messageRoutes } from '../modules/message/message.routes.js';
import { operatorRoutes } from '../modules/operator/operator.routes.js';
import { pkRoutes } from '../modules/pk/pk.routes.js';
import { previewRoutes } from '../modules/preview/preview.routes.js';
import { clipRoutes } from '../modules/clip/clip.routes.js';
import { pushRoutes } from '../modules/push/push.routes.js';
import { boardRoutes } from '../modules/room/board.routes.js';
import { roomRoutes } from '../modules/room/room.routes.js';
import { socialRoutes } from '../modules/social/social.routes.js';
import { uploadRoutes } from '../modules/upload/upload.routes.js';
import { userRoutes } from '../modules/user/user.routes.js';
import { verifyRoutes } from '../modules/verify/verify.routes.js';
import { videoRoutes } from '../modules/video/video.routes.js';
import { webhookRoutes } from '../modules/webhook/webhook.routes.js';
import { registerFileRoutes, registerWebApp } from '../plugins/staticFiles.js';

const UPLOAD_LIMIT = 10 * 1024 * 1024;

/** Every module's contract routes (a new module's `*.routes.ts` is listed here). */
const ROUTES = [
  configRoutes,
  authRoutes,
  verifyRoutes,
  userRoutes,
  homeRoutes,
  messageRoutes,
  adminRoutes,
  operatorRoutes,
  financeRoutes,
  anchorRoutes,
  roomRoutes,
  forumRoutes,
  socialRoutes,
  chatRoutes,
  gameRoutes,
  videoRoutes,
  liveRoutes,
  fanClubRoutes,
  pkRoutes,
  envelopeRoutes,
  luckyBagRoutes,
  previewRoutes,
  clipRoutes,
  boardRoutes,
  webhookRoutes,
  pushRoutes,
  healthRoutes,
  creatorRoutes,
];

/**
 * The api role: the contract's calls under /api/client_live, the uploaded files and the web app.
 * Answers whether the web app is served (WEB_DIST has a build); false without the role.
 */
export async function apiRole(app: FastifyInstance, env: RouteEnv): Promise<boolean> {
  const { config } = env;
  if (!runs(config, 'api')) return false;
  // Multipart only where a file is taken: its hooks (a close listener and a cleanup on every
  // response) would otherwise run on every request. Elsewhere a multipart body is a 415.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: UPLOAD_LIMIT, files: 1, fields: 8, fieldSize: 1024, parts: 10 } });
    uploadRoutes(uploads, env);
  });
  for (const routes of ROUTES) routes(app, env);
  await registerFileRoutes(app, path.join(config.dataDir, 'uploads'));
  return registerWebApp(app, config.webDist, {
    urls: [config.publicUrl, config.media.publicUrl, config.s3?.publicUrl ?? '', ...config.cspExtraOrigins],
    gamesHost: gamesHostForClient(config.games),
  });
}
