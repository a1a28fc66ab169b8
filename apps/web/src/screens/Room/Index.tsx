import { LiveStage } from './parts/LiveStage';
import { RoomShell } from './parts/RoomShell';

/** 直播间 (/pages/room/index?id=): the full-screen live room, no scrolling. */
export default function Room() {
  return (
    <RoomShell kind="live">
      <LiveStage />
    </RoomShell>
  );
}
