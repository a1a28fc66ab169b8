import type { Deps } from '../../deps.js';
import type { SessionService } from '../auth/session.service.js';
import type { Finance } from '../finance/finance.js';
import type { CommentService } from '../forum/comment.service.js';
import type { PostService } from '../forum/post.service.js';
import type { MessageService } from '../message/message.service.js';
import type { RoomService } from '../room/room.service.js';
import type { Video } from '../video/video.js';
import { AdminCatalogService } from './adminCatalog.service.js';
import { AdminForumService } from './adminForum.service.js';
import { AdminNamesService } from './adminNames.service.js';
import { AdminMoneyService } from './adminMoney.service.js';
import { AdminRoomService } from './adminRoom.service.js';
import { AdminUserService } from './adminUser.service.js';
import type { LiveService } from '../live/live.service.js';
import { auditPage } from './audit.service.js';
import { DashboardService } from './dashboard.service.js';
import { AdminContentService } from './adminContent.service.js';

/** The operator console's services; each works through the services of the area it changes. */
export function createAdmin(
  deps: Deps,
  s: {
    sessions: SessionService;
    room: RoomService;
    finance: Finance;
    forumPosts: PostService;
    forumComments: CommentService;
    video: Video;
    message: MessageService;
    live: LiveService;
  },
) {
  return {
    users: new AdminUserService(deps, s.sessions, s.room, s.message),
    content: new AdminContentService(deps, s.forumPosts, s.forumComments, s.video, s.message),
    money: new AdminMoneyService(deps, s.finance),
    dashboard: new DashboardService(deps),
    rooms: new AdminRoomService(deps, s.room, s.message, s.live),
    catalog: new AdminCatalogService(deps),
    forum: new AdminForumService(deps),
    names: new AdminNamesService(deps),
    audit: (q: Parameters<typeof auditPage>[1]) => auditPage(deps.db.kysely, q),
  };
}
