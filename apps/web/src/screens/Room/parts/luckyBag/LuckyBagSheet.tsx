import type { LuckyBag, LuckyBagMine } from '@app/contract';
import { formatMoney } from '@app/kit';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { GiftIcon } from '../gifts/GiftIcon';
import { luckyBagCalls } from '../../../../state/queries/luckyBag';
import { useGiftName } from '../../../../state/session/giftName';
import { mmss, secondsLeft } from './useRoomLuckyBag';

interface Props {
  bag: LuckyBag | null;
  mine: LuckyBagMine | null;
  now: number;
  owner: boolean;
  guest: boolean;
  onLogin: () => void;
  onEntered: () => void;
  onClose: () => void;
}

/** The bag's sheet: the prize, the task, the countdown and 参与 (greyed with what is missing), then who won. */
export function LuckyBagSheet({ bag, mine, now, owner, guest, onLogin, onEntered, onClose }: Props) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  const [busy, setBusy] = useState(false);
  const b = bag;

  const enter = async () => {
    if (!b) return;
    if (guest) return onLogin();
    setBusy(true);
    try {
      await luckyBagCalls.enter(b.id);
      onEntered();
    } catch {
      // toasted by the api client (task not done, ended, not in the room…)
    } finally {
      setBusy(false);
    }
  };

  const action = () => {
    if (!b) return null;
    if (owner) return <div className="luckybag-card__note">{t('luckyBag.yours')}</div>;
    // A member's side is still being asked: 参与 waits for it (a guest is sent to log in).
    const state = guest ? 'ready' : mine === null ? 'loading' : mine.entered ? 'entered' : mine.task_done ? 'ready' : 'blocked';
    const label = state === 'entered' ? t('luckyBag.entered') : state === 'blocked' ? t(`luckyBag.need.${b.task}`) : t('luckyBag.enter');
    return (
      <button
        type="button"
        className="luckybag-card__go"
        data-testid="luckybag-enter"
        data-state={state}
        disabled={busy || state !== 'ready'}
        onClick={() => void enter()}
      >
        {label}
      </button>
    );
  };

  return (
    <Popup visible={b !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="luckybag-sheet" destroyOnClose>
      {b && (
        <div className="luckybag-card" data-testid="luckybag-sheet">
          <div className="luckybag-card__head">
            <UserAvatar src={b.anchor.avatar} size={28} />
            <span>{t('luckyBag.from', { name: b.anchor.nickname })}</span>
          </div>
          <div className="luckybag-card__prize">
            {b.gift ? (
              <>
                <GiftIcon url={b.gift.icon} size={64} />
                <div className="luckybag-card__what">{t('luckyBag.giftPrize', { name: giftName(b.gift.id, b.gift.name), n: b.winners })}</div>
              </>
            ) : (
              <>
                <div className="luckybag-card__coins">
                  {formatMoney(b.per_winner, 0)}
                  <small>{t('luckyBag.coinsEach')}</small>
                </div>
                <div className="luckybag-card__what">{t('luckyBag.coinPrize', { total: formatMoney(b.coins, 0), n: b.winners })}</div>
              </>
            )}
          </div>
          {b.status === 'open' ? (
            <>
              <div className="luckybag-card__rows">
                <div>
                  <span>{t('luckyBag.task')}</span>
                  <b>{t(`luckyBag.tasks.${b.task}`)}</b>
                </div>
                <div>
                  <span>{t('luckyBag.drawIn')}</span>
                  <b data-testid="luckybag-sheet-countdown">{mmss(secondsLeft(b, now))}</b>
                </div>
                <div>
                  <span>{t('luckyBag.entrants')}</span>
                  <b>{b.entrants}</b>
                </div>
              </div>
              {action()}
            </>
          ) : (
            <div className="luckybag-card__result" data-testid="luckybag-result">
              <div className="luckybag-card__verdict">
                {mine?.won ? t('luckyBag.youWon') : b.result?.winners.length ? t('luckyBag.winnersTitle') : t('luckyBag.noWinners')}
              </div>
              <ul className="luckybag-winners">
                {b.result?.winners.map((u) => (
                  <li key={u.id}>
                    <UserAvatar src={u.avatar} size={32} />
                    <span>{u.nickname}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <div className="luckybag-card__rules">{t('luckyBag.rules')}</div>
        </div>
      )}
    </Popup>
  );
}
