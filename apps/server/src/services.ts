import type { Deps } from './deps.js';
import { createAdmin } from './modules/admin/admin.js';
import { AnchorService } from './modules/anchor/anchor.service.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { ChatService } from './modules/chat/chat.service.js';
import { ConfigService } from './modules/config/config.service.js';
import { createFinance } from './modules/finance/finance.js';
import { CommentService } from './modules/forum/comment.service.js';
import { ForumCatalogService } from './modules/forum/catalog.service.js';
import { PostService } from './modules/forum/post.service.js';
import { GameService } from './modules/game/game.service.js';
import { HomeService } from './modules/home/home.service.js';
import { MessageService } from './modules/message/message.service.js';
import { RoomService } from './modules/room/room.service.js';
import { RoomLiveService } from './modules/room/roomLive.service.js';
import { RoomMediaService } from './modules/room/roomMedia.service.js';
import { SocialService } from './modules/social/social.service.js';
import { UploadService } from './modules/upload/upload.service.js';
import { UserService } from './modules/user/user.service.js';
import { VerifyService } from './modules/verify/verify.service.js';
import { createVideo } from './modules/video/video.js';

/** Every service of one instance, wired once. */
export function createServices(deps: Deps) {
  const sessions = new SessionService(deps);
  const verify = new VerifyService(deps);
  const auth = new AuthService(deps, sessions, verify);
  const message = new MessageService(deps);
  const social = new SocialService(deps);
  const anchor = new AnchorService(deps, message);
  const room = new RoomService(deps, anchor, deps.config.room);
  const finance = createFinance(deps, { redis: deps.redis });
  const forumPosts = new PostService(deps);
  const forumComments = new CommentService(deps, message);
  const video = createVideo(deps, { finance, social, rooms: room });
  // Everyone in the room sees a gift sent in it (animation + chat line), on every instance.
  finance.gift.onSent((record) => {
    if (record.room_id > 0) deps.rooms.toRoom(record.room_id, 'gift', { record });
  });
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
    roomLive: new RoomLiveService(deps, room),
    roomMedia: new RoomMediaService(deps, room, sessions),
    forumPosts,
    forumComments,
    forumCatalog: new ForumCatalogService(deps),
    social,
    chat: new ChatService(deps, social, message),
    video,
    admin: createAdmin(deps, { sessions, room, finance, forumPosts, forumComments, video, message }),
    game: new GameService(deps, sessions, finance, deps.config.games),
  };
}

export type Services = ReturnType<typeof createServices>;
