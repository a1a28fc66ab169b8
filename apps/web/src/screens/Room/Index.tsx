import { LiveStage } from './parts/stage/LiveStage';
import { RoomShell } from './parts/shell/RoomShell';
import { RoomSwiper } from './parts/shell/RoomSwiper';

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
