import { ErrorCode } from '@app/contract';
import type { Conn } from '../../db/database.js';
import { BizError } from '../../http/errors.js';
import type { GiftGuard } from '../finance/gift/gift.service.js';
import { roomRepository as repo } from './room.repository.js';
import { roomMemberRepository as members } from './roomMember.repository.js';

/**
 * The gift guard of rooms (decision 0057): a gift sent in a room (room_id > 0) goes to someone on
 * its stage, the anchor or a co-host on a mic seat, while the room is open. It is what the room's
 * PK score and contribution board count, so a gift to anyone else, or in a closed or unknown
 * room, is refused before any money moves. A gift outside a room (room_id 0) is not the rooms'.
 */
export function roomGiftGuard(db: () => Conn): GiftGuard {
  return async ({ room_id: roomId, receiver_id: receiverId }) => {
    if (roomId === 0) return;
    const room = await repo.byId(db(), roomId);
    if (!room) throw new BizError(ErrorCode.NOT_FOUND, '房间不存在');
    if (room.status !== 'open') throw new BizError(ErrorCode.ROOM_CLOSED);
    if (room.anchor_id === receiverId) return;
    if (await members.seatOf(db(), roomId, receiverId)) return;
    throw new BizError(ErrorCode.RECEIVER_NOT_FOUND, '收礼人不在这个房间的麦上');
  };
}
