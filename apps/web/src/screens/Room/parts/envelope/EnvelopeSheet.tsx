import type { RedEnvelope } from '@app/contract';
import { formatMoney } from '@app/kit';
import { useQueryClient } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { envelopeCalls, useEnvelopeDetail } from '../../../../state/queries/envelope';
import { setCoin } from '../../../../state/queries/finance';
import { EnvelopeGrabs } from './EnvelopeGrabs';
import { secondsToOpen } from './useRoomEnvelopes';

interface Props {
  envelope: RedEnvelope | null;
  now: number;
  version: number;
  /** A guest is asked to log in instead of grabbing. */
  canGrab: boolean;
  onLogin: () => void;
  onClose: () => void;
}

/** The opened envelope: the countdown, then 開; the caller's share; everyone's shares with the best one. */
export function EnvelopeSheet({ envelope, now, version, canGrab, onLogin, onClose }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [grabbed, setGrabbed] = useState<{ id: number; amount: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const detail = useEnvelopeDetail(envelope?.id ?? null, version + (grabbed ? 1 : 0));
  const e = envelope;
  const mine = e && grabbed?.id === e.id ? grabbed.amount : (detail.data?.mine ?? null);
  const left = e ? secondsToOpen(e, now) : 0;
  const live = e !== null && (e.status === 'open' || e.status === 'waiting');

  const grab = async () => {
    if (!e) return;
    if (!canGrab) return onLogin();
    setBusy(true);
    try {
      const r = await envelopeCalls.grab(e.id);
      setGrabbed({ id: e.id, amount: r.amount });
      setCoin(qc, r.coin);
    } catch {
      // toasted by the api client (too late, not in the room…)
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popup visible={e !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="envelope-sheet" destroyOnClose>
      {e && (
        <div className="envelope-card" data-testid="envelope-sheet">
          <div className="envelope-card__top">
            <UserAvatar src={e.sender.avatar} size={52} className="envelope-card__avatar" />
            <div className="envelope-card__from">{t('envelope.from', { name: e.sender.nickname })}</div>
            <div className="envelope-card__greeting">{e.greeting || t('envelope.defaultGreeting')}</div>
            {mine !== null ? (
              <div className="envelope-card__won" data-testid="envelope-amount">
                <span className="envelope-card__sum">{formatMoney(mine, 0)}</span>
                <span className="envelope-card__unit">{t('envelope.coins')}</span>
                <div className="envelope-card__hint">{t('envelope.toWallet')}</div>
              </div>
            ) : live && left > 0 ? (
              <div className="envelope-card__wait">
                <span className="envelope-card__count" data-testid="envelope-sheet-countdown">
                  {left}
                </span>
                <div className="envelope-card__hint">{t('envelope.opensIn')}</div>
              </div>
            ) : live ? (
              <button
                type="button"
                className={`envelope-card__open ${t('envelope.open').length > 1 ? 'envelope-card__open--word' : ''}`}
                data-testid="envelope-grab"
                disabled={busy}
                onClick={() => void grab()}
              >
                {t('envelope.open')}
              </button>
            ) : (
              <div className="envelope-card__missed" data-testid="envelope-missed">
                {e.status === 'expired' ? t('envelope.expired') : t('envelope.allGone')}
              </div>
            )}
          </div>
          <div className="envelope-card__summary">{t('envelope.summary', { grabbed: e.grabbed, shares: e.shares, total: formatMoney(e.amount, 0) })}</div>
          <EnvelopeGrabs grabs={detail.data?.grabs ?? []} best={e.best} />
        </div>
      )}
    </Popup>
  );
}
