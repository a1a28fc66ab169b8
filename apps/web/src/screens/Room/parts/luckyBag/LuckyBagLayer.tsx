import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { goLogin } from '../../../../lib/nav';
import { useLuckyBagMine } from '../../../../state/queries/luckyBag';
import { useServerNow } from '../pk/usePkBattle';
import { useRoom } from '../shell/RoomContext';
import { LuckyBagBadge } from './LuckyBagBadge';
import { LuckyBagSheet } from './LuckyBagSheet';
import { useRoomLuckyBag } from './useRoomLuckyBag';
import './luckyBag.css';

/**
 * The lucky bag in the room (one mount point): the badge with the countdown while one runs, its
 * sheet, and the result (who won) told to the whole room when it is drawn.
 */
export function LuckyBagLayer() {
  const { t } = useTranslation();
  const { room, me, status } = useRoom();
  const { bag, offset, version } = useRoomLuckyBag(room.id, status === 'joined');
  const now = useServerNow(offset, bag?.status === 'open');
  const [open, setOpen] = useState(false);
  // The caller's side is asked again on each event and each time the sheet opens (a chat line since, a follow).
  const [asked, setAsked] = useState(0);
  const mine = useLuckyBagMine(room.id, version * 1000 + asked, open && !me.guest && bag !== null);
  const winners = bag?.result?.winners ?? [];

  return (
    <>
      {bag && (
        <LuckyBagBadge
          bag={bag}
          now={now}
          onOpen={() => {
            setAsked((n) => n + 1);
            setOpen(true);
          }}
        />
      )}
      {bag?.status === 'drawn' && (
        <div className="luckybag-won" data-testid="luckybag-won" role="status">
          <span className="luckybag-won__tag">{t('luckyBag.glyph')}</span>
          <span>
            {winners.length > 0
              ? t('luckyBag.wonLine', {
                  names: winners
                    .slice(0, 3)
                    .map((u) => u.nickname)
                    .join('、'),
                  count: winners.length,
                })
              : t('luckyBag.noWinners')}
          </span>
        </div>
      )}
      <LuckyBagSheet
        bag={open ? bag : null}
        mine={mine.data?.bag?.id === bag?.id ? (mine.data?.mine ?? null) : null}
        now={now}
        owner={me.owner}
        guest={me.guest}
        onLogin={goLogin}
        onEntered={() => setAsked((n) => n + 1)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
