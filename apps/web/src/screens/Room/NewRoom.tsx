import { ChatStage } from './parts/stage/ChatStage';
import { RoomShell } from './parts/shell/RoomShell';

/** The video chat room (/pages/room/newroom?id=, alias /pages/newroom/index): seats in a grid. */
export default function NewRoom() {
  return (
    <RoomShell kind="chat">
      <ChatStage />
    </RoomShell>
  );
}
