import type { BoardPeriod, UserBrief } from '@app/contract';
import { Popup, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../../../../locale/count';
import { BoardList, ViewerList } from '../boards/BoardList';
import { useRoom } from '../shell/RoomContext';
import '../boards/board.css';

type Tab = 'online' | BoardPeriod;

/**
 * Who is here and who gave: the online viewers (top givers present first, then the latest
 * arrivals, each with level, VIP tier and fan badge) and the contribution boards of this live and
 * of the week. Tapping a name opens their card.
 */
export function ViewerSheet({
  open,
  onClose,
  onUser,
  initial = 'online',
}: {
  open: boolean;
  onClose: () => void;
  onUser: (u: UserBrief) => void;
  initial?: Tab;
}) {
  const { state } = useRoom();
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-sheet board-sheet" destroyOnClose>
      {open && <SheetBody initial={initial} online={state.online} onUser={onUser} />}
    </Popup>
  );
}

function SheetBody({ initial, online, onUser }: { initial: Tab; online: number; onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(initial);
  return (
    <div data-testid="viewer-sheet" data-tab={tab}>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as Tab)} className="board-tabs" activeLineMode="fixed">
        <Tabs.Tab key="online" title={`${t('board.online')} ${formatCount(online)}`} />
        <Tabs.Tab key="live" title={t('board.live')} />
        <Tabs.Tab key="week" title={t('board.week')} />
      </Tabs>
      {tab === 'online' ? <ViewerList onUser={onUser} /> : <BoardList period={tab} onUser={onUser} />}
    </div>
  );
}
