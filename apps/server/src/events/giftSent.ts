import type { Deps } from '../deps.js';
import type { FanClubService } from '../modules/fanclub/fanclub.service.js';
import type { GiftService } from '../modules/finance/gift/gift.service.js';
import type { ReplayService } from '../modules/live/replay.service.js';
import type { PkService } from '../modules/pk/pk.service.js';
import type { BoardService } from '../modules/room/board.service.js';
import { roomGiftGuard } from '../modules/room/giftReceiver.js';

/**
 * A gift: who may receive it, and everything that follows its send once the money has moved.
 * The gift path (modules/finance/gift) knows none of these; each is a listener or a guard here.
 */
export function wireGifts(
  deps: Pick<Deps, 'db' | 'rooms' | 'log'>,
  gifts: GiftService,
  on: { replays: ReplayService; fanClubs: FanClubService; board: BoardService; pk: PkService },
): void {
  // A gift in a room goes to its anchor or a seated co-host while it is open (decision 0057).
  gifts.addGuard(roomGiftGuard(() => deps.db.kysely));
  // Everyone in the room sees it (animation + chat line), on every instance; the replay keeps it.
  gifts.onSent((record) => {
    if (record.room_id > 0) deps.rooms.toRoom(record.room_id, 'gift', { record });
    void on.replays.noteGift(record).catch((err: unknown) => deps.log.warn({ err }, 'gift moment not kept'));
  });
  // The fan club's intimacy with the receiver.
  gifts.onSent((_record, row) => on.fanClubs.onGift(row.receiver_id, row.sender_id, Number(row.total)));
  // The room's contribution board is read again.
  gifts.onSent((record) => on.board.forget(record.room_id));
  // During a PK battle, both rooms' score bar moves (read from the gift records).
  gifts.onSent((record) => on.pk.onGift(record));
}
