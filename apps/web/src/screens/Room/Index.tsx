import { LiveStage } from './parts/LiveStage';
import { RoomShell } from './parts/RoomShell';
import { RoomSwiper } from './parts/RoomSwiper';

/** 直播间 (/pages/room/index?id=): the full-screen live room, no scrolling; swipe up or down to the next live room of the list. */
export default function Room() {
  return (
    <RoomSwiper>
      <RoomShell kind="live">
        <LiveStage />
      </RoomShell>
    </RoomSwiper>
  );
}
