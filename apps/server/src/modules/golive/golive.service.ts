import { ErrorCode } from '@app/contract';
import { nowIso } from '../../db/time.js';
import type { Deps } from '../../deps.js';
import { BizError, validationError } from '../../http/errors.js';
import type { AnchorService } from '../anchor/anchor.service.js';
import type { MessageService } from '../message/message.service.js';
import type { PushService } from '../push/push.service.js';
import { goLivePush, previewPush } from '../push/pushTexts.js';
import type { RoomRow } from '../room/room.tables.js';
import { briefsOf } from '../user/userBriefs.js';
import { goLiveRepository as repo } from './golive.repository.js';
import { goLiveNotice } from './goLiveNotice.js';
import { previewNotice } from './previewNotice.js';

/** At most one alert per anchor in this long. */
export const ALERT_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Go-live alerts: when an anchor goes live, each follower who did not turn that anchor off gets a
 * notice in their messages, those online (a hall socket) an alert they can tap to enter, and each of
 * their browsers that subscribed a push (shown when no tab of the app is in front); at most once per
 * anchor per hour, however often the room is reopened.
 */
export class GoLiveService {
  constructor(
    private readonly deps: Deps,
    private readonly messages: MessageService,
    private readonly anchors: AnchorService,
    private readonly push: PushService,
  ) {}

  private get db() {
    return this.deps.db.kysely;
  }

  /** Sends the alerts of a room that just opened; answers how many followers were told (0 inside the hour). */
  async alert(room: RoomRow): Promise<number> {
    const nowMs = this.deps.clock.now();
    const claimed = await repo.claim(this.db, room.anchor_id, new Date(nowMs).toISOString(), new Date(nowMs - ALERT_INTERVAL_MS).toISOString());
    if (!claimed) return 0;
    const [recipients, briefs] = await Promise.all([repo.recipients(this.db, room.anchor_id), briefsOf(this.db, [room.anchor_id])]);
    const anchor = briefs.get(room.anchor_id);
    if (!anchor || recipients.length === 0) return 0;
    const at = nowIso();
    for (const userId of recipients) this.deps.hall.toUser(userId, 'liveAlert', { anchor, room_id: room.id, title: room.title, cover: room.cover, at });
    const { notice, template } = goLiveNotice(anchor.nickname, room.title);
    const told = await this.messages.notify(recipients, notice, template);
    await this.push.queue(recipients, goLivePush(anchor, room.id, room.title));
    return told;
  }

  /**
   * A live preview's reminder, by the same path: a notice in each member's messages and a push to
   * their subscribed browsers. The caller chose the members (those who tapped 提醒我, each once);
   * neither the per-anchor switch nor the hourly slot applies, as the member asked for this one.
   */
  async remind(preview: { id: number; anchor_id: number; title: string; starts_at: string }, userIds: number[]): Promise<number> {
    const anchor = (await briefsOf(this.db, [preview.anchor_id])).get(preview.anchor_id);
    if (!anchor || userIds.length === 0) return 0;
    const { notice, template } = previewNotice(anchor.nickname, preview.title, preview.starts_at);
    const told = await this.messages.notify(userIds, notice, template);
    await this.push.queue(userIds, previewPush(anchor, preview.id, preview.title, preview.starts_at));
    return told;
  }

  async get(userId: number, anchorId: number) {
    return { anchor_id: anchorId, on: !(await repo.muted(this.db, userId, anchorId)) };
  }

  async set(userId: number, anchorId: number, on: boolean) {
    if (anchorId === userId) throw validationError([{ path: 'anchor_id', message: '不能设置自己的开播提醒' }]);
    if (!(await this.anchors.isAnchor(anchorId))) throw new BizError(ErrorCode.NOT_ANCHOR, 'anchor_id: 对方不是主播');
    if (on) await repo.unmute(this.db, userId, anchorId);
    else await repo.mute(this.db, userId, anchorId, nowIso());
    return { anchor_id: anchorId, on };
  }
}
