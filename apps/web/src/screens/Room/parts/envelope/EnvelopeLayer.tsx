import { formatMoney } from '@app/kit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { goLogin } from '../../../../lib/nav';
import { useServerNow } from '../pk/usePkBattle';
import { useRoom } from '../shell/RoomContext';
import { EnvelopeBadge } from './EnvelopeBadge';
import { EnvelopeSheet } from './EnvelopeSheet';
import { useRoomEnvelopes } from './useRoomEnvelopes';
import './envelope.css';

/**
 * Red envelopes in the room (one mount point): the envelope hanging on the stage while one waits or
 * is open, its sheet, and the best share (手气最佳) told to the whole room when one ends.
 */
export function EnvelopeLayer() {
  const { t } = useTranslation();
  const { room, me, status } = useRoom();
  const { list, offset, version } = useRoomEnvelopes(room.id, status === 'joined');
  const now = useServerNow(offset, list.length > 0);
  const [openId, setOpenId] = useState<number | null>(null);
  const live = list.filter((e) => e.status === 'waiting' || e.status === 'open');
  const ended = list.filter((e) => e.status === 'finished' || e.status === 'expired');
  const shown = live[0] ?? null;
  const opened = list.find((e) => e.id === openId) ?? null;
  const best = ended.find((e) => e.best !== null);

  return (
    <>
      {shown && <EnvelopeBadge envelope={shown} count={live.length} now={now} onOpen={() => setOpenId(shown.id)} />}
      {best?.best && (
        <div className="envelope-best" data-testid="envelope-best" role="status">
          <UserAvatar src={best.best.user.avatar} size={22} />
          <span>{t('envelope.bestLine', { name: best.best.user.nickname, n: formatMoney(best.best.amount, 0) })}</span>
        </div>
      )}
      <EnvelopeSheet envelope={opened} now={now} version={version} canGrab={!me.guest} onLogin={goLogin} onClose={() => setOpenId(null)} />
    </>
  );
}
