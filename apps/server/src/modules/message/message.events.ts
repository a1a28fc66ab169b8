import type { Notice, UnreadCount } from '@app/contract';
import type { HallEmitter } from '../../emitters/hallEmitter.js';

/** Pushes a new notice to a user's hall sockets, then their new unread count. */
export function pushNotice(hall: HallEmitter, userId: number, notice: Notice, unread: UnreadCount): void {
  hall.toUser(userId, 'newMessage', { kind: 'notice', notice });
  hall.toUser(userId, 'rGetUnreadCount', unread);
}
