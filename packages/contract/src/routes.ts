import { adminRoutes } from './calls/admin.js';
import { authRoutes } from './calls/auth.js';
import { boardRoutes } from './calls/board.js';
import { chatRoutes } from './calls/chat.js';
import { configRoutes } from './calls/config.js';
import { creatorRoutes } from './calls/creator.js';
import { financeRoutes } from './calls/finance.js';
import { forumRoutes } from './calls/forum.js';
import { gameRoutes } from './calls/games.js';
import { homeRoutes } from './calls/home.js';
import { liveRoutes } from './calls/live.js';
import { liveHealthRoutes } from './calls/liveHealth.js';
import { livePreviewRoutes } from './calls/livePreview.js';
import { clipRoutes } from './calls/clip.js';
import { adminHealthRoutes } from './calls/adminHealth.js';
import { messageRoutes } from './calls/message.js';
import { patrolRoutes } from './calls/adminPatrol.js';
import { pkRoutes } from './calls/pk.js';
import { envelopeRoutes } from './calls/redEnvelope.js';
import { luckyBagRoutes } from './calls/luckyBag.js';
import { pushRoutes } from './calls/push.js';
import { liveWatchRoutes } from './calls/liveWatch.js';
import { replayRoutes } from './calls/replay.js';
import { roomRoutes } from './calls/room.js';
import { socialRoutes } from './calls/social.js';
import { uploadRoutes } from './calls/upload.js';
import { userRoutes } from './calls/user.js';
import { verifyRoutes } from './calls/verify.js';
import { videoRoutes } from './calls/video.js';

/** The route table: every call the server serves, by name. */
export const api = {
  ...configRoutes,
  ...authRoutes,
  ...verifyRoutes,
  ...userRoutes,
  ...uploadRoutes,
  ...homeRoutes,
  ...messageRoutes,
  ...adminRoutes,
  ...financeRoutes,
  ...roomRoutes,
  ...forumRoutes,
  ...socialRoutes,
  ...chatRoutes,
  ...videoRoutes,
  ...replayRoutes,
  ...liveWatchRoutes,
  ...patrolRoutes,
  ...adminHealthRoutes,
  ...gameRoutes,
  ...liveRoutes,
  ...liveHealthRoutes,
  ...creatorRoutes,
  ...livePreviewRoutes,
  ...clipRoutes,
  ...pkRoutes,
  ...envelopeRoutes,
  ...luckyBagRoutes,
  ...boardRoutes,
  ...pushRoutes,
};

export type Api = typeof api;
export type RouteName = keyof Api;
