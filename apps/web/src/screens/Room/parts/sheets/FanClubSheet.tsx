import { Popup } from 'antd-mobile';
import { FanClubPanel } from '../../../../components/FanClubPanel';
import { useRoom } from '../shell/RoomContext';

/** The anchor's fan club from the room's top bar. */
export function FanClubSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { room } = useRoom();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="fan-club-sheet" destroyOnClose>
      <div className="fan-club-sheet__body" data-testid="fan-club-sheet">
        <FanClubPanel anchorId={room.anchor.id} anchorName={room.anchor.nickname} />
      </div>
    </Popup>
  );
}
