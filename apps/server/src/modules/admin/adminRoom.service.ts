import type { Api, RouteQuery } from '@app/contract';
import type { MessageService } from '../message/message.service.js';
import type { RoomService } from '../room/room.service.js';

/** Live rooms as operators handle them: ending a live through the room service, and telling its anchor why. */
export class AdminRoomService {
  constructor(
    private readonly rooms: RoomService,
    private readonly messages: MessageService,
  ) {}

  list(q: RouteQuery<Api['adminRooms']>) {
    return this.rooms.list(q);
  }

  async close(roomId: number, reason: string): Promise<{ closed: boolean }> {
    const room = await this.rooms.room(roomId);
    const closed = await this.rooms.closeRoom(room.id, 'operator');
    if (closed)
      await this.messages.send(
        {
          user_id: room.anchor_id,
          type: 'account',
          title: '你的直播已被关闭',
          content: `运营关闭了你的直播「${room.title}」。原因：${reason}`,
        },
        { kind: 'room_closed', params: { title: room.title, reason } },
      );
    return { closed };
  }
}
