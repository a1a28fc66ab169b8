import type { Deps } from './deps.js';
import { wireChatLines } from './events/chatLine.js';
import { wireGifts } from './events/giftSent.js';
import { wireRoomOpened } from './events/roomOpened.js';
import { createAdmin } from './modules/admin/admin.js';
import { AnchorService } from './modules/anchor/anchor.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { ChatService } from './modules/chat/chat.service.js';
import { ConfigService } from './modules/config/config.service.js';
import { createFinance } from './modules/finance/finance.js';
import { CommentService } from './modules/forum/comment.service.js';
import { FanClubService } from './modules/fanclub/fanclub.service.js';
import { ForumCatalogService } from './modules/forum/catalog.service.js';
import { PostService } from './modules/forum/post.service.js';
import { GameService } from './modules/game/game.service.js';
import { GoLiveService } from './modules/golive/golive.service.js';
import { HealthService } from './modules/health/health.service.js';
import { CreatorService } from './modules/creator/creator.service.js';
import { HomeService } from './modules/home/home.service.js';
import { LiveService } from './modules/live/live.service.js';
import { recordingMoments } from './modules/live/momentRecorder.js';
import { ReplayService } from './modules/live/replay.service.js';
import { MessageService } from './modules/message/message.service.js';
import { PlatformCountsService } from './modules/metrics/platformCounts.service.js';
import { OperatorService } from './modules/operator/operator.service.js';
import { PkService } from './modules/pk/pk.service.js';
import { PreviewService } from './modules/preview/preview.service.js';
import { ClipService } from './modules/clip/clip.service.js';
import { EnvelopeService } from './modules/envelope/envelope.service.js';
import { LuckyBagService } from './modules/luckybag/luckybag.service.js';
import { PushService } from './modules/push/push.service.js';
import { BoardService } from './modules/room/board.service.js';
import { RoomService } from './modules/room/room.service.js';
import { RoomLiveService } from './modules/room/roomLive.service.js';
import { RoomMediaService } from './modules/room/roomMedia.service.js';
import { SocialService } from './modules/social/social.service.js';
import { UploadService } from './modules/upload/upload.service.js';
import { UserService } from './modules/user/user.service.js';
import { VerifyService } from './modules/verify/verify.service.js';
import { createVideo } from './modules/video/video.js';
import { WebhookService } from './modules/webhook/webhook.service.js';

/** Every service of one instance, wired once. */
export function createServices(deps: Deps) {
  const sessions = new SessionService(deps);
  const verify = new VerifyService(deps);
  const auth = new AuthService(deps, sessions, verify);
  const message = new MessageService(deps);
  const push = new PushService(deps);
  const social = new SocialService(deps);
  const anchor = new AnchorService(deps, message);
  const room = new RoomService(deps, anchor, deps.config.room);
  const finance = createFinance(deps, { redis: deps.redis });
  const forumPosts = new PostService(deps);
  const forumComments = new CommentService(deps, message);
  const video = createVideo(deps, { finance, social, rooms: room });
  const live = new LiveService(deps);
  const replays = new ReplayService(deps);
  const fanClubs = new FanClubService(deps, finance, anchor);
  const goLive = new GoLiveService(deps, message, anchor, push);
  const board = new BoardService(deps, room, live);
  // Live previews: reminders by the go-live path.
  const previews = new PreviewService(deps, anchor, goLive, deps.config.preview);
  const roomMedia = new RoomMediaService(deps, room, sessions, live);
  const pk = new PkService(deps, room, roomMedia, deps.config.pk);
  // Red envelopes: coins through the ledger into the envelope escrow, shares grabbed by members in the room.
  const envelopes = new EnvelopeService(deps, finance.ledger, room, deps.config.envelope);
  // Lucky bags: the prize in the lucky bag escrow, entries by members in the room who did the task, a recorded draw.
  const luckyBags = new LuckyBagService(deps, finance.ledger, finance.gift, room, message, deps.config.luckyBag);
  const roomLive = new RoomLiveService({ ...deps, rooms: recordingMoments(deps.rooms, replays, deps.log) }, room);
  // What follows a gift, a go-live and a chat line: each event's listeners in its file under events/.
  wireGifts(deps, finance.gift, { replays, fanClubs, board, pk });
  wireRoomOpened(room, { goLive, previews });
  wireChatLines(roomLive, { luckyBags });
  const health = new HealthService(deps, room);
  return {
    sessions,
    verify,
    auth,
    config: new ConfigService(deps),
    user: new UserService(deps, sessions.cache),
    upload: new UploadService(deps),
    home: new HomeService(deps, sessions, auth),
    finance,
    message,
    anchor,
    room,
    roomLive,
    roomMedia,
    live,
    replays,
    forumPosts,
    forumComments,
    forumCatalog: new ForumCatalogService(deps),
    social,
    chat: new ChatService(deps, social, message, push),
    video,
    operators: new OperatorService(deps),
    admin: createAdmin(deps, { sessions, room, finance, forumPosts, forumComments, video, message, live }),
    game: new GameService(deps, sessions, finance, deps.config.games),
    fanClubs,
    goLive,
    previews,
    // Clips: cut from the segments the live egress wrote, published as short videos.
    clips: new ClipService(deps, video.videos, deps.config.clip),
    push,
    pk,
    envelopes,
    luckyBags,
    board,
    health,
    // The creator dashboard: figures from the ledger and the worker's viewer samples of each live.
    creator: new CreatorService(deps, anchor, room, health, finance.ledger, deps.config.creator),
    webhooks: new WebhookService(deps.db, deps.config.webhook),
    // The platform-wide counts of the worker's gauges (roles/gauges.ts).
    platformCounts: new PlatformCountsService(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
