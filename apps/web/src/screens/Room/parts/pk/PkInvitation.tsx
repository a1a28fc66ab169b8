import type { PkBattle } from '@app/contract';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { pkCalls } from '../../../../state/queries/pk';
import { useServerNow } from './usePkBattle';

const secondsLeft = (b: PkBattle, now: number) => Math.max(0, Math.ceil((Date.parse(b.answer_by) - now) / 1000));

/** The invited anchor's dialog: who invites, for how long, the seconds left to answer, accept or decline. */
export function PkInviteDialog({ battle, offset }: { battle: PkBattle; offset: number }) {
  const { t } = useTranslation();
  const now = useServerNow(offset, true);
  const [busy, setBusy] = useState(false);
  const left = secondsLeft(battle, now);
  const answer = async (accept: boolean) => {
    setBusy(true);
    await pkCalls.answer(battle.id, accept).catch(() => undefined);
    setBusy(false);
  };
  return (
    <div className="pk-dialog" role="dialog" aria-modal="true" data-testid="pk-invitation" data-battle-id={battle.id}>
      <div className="pk-dialog__card">
        <div className="pk-dialog__title">{t('pk.incomingTitle')}</div>
        <UserAvatar src={battle.a.anchor.avatar} size={64} />
        <div className="pk-dialog__text">{t('pk.incoming', { name: battle.a.anchor.nickname, min: Math.round((battle.duration_s / 60) * 10) / 10 })}</div>
        <div className="pk-dialog__left" data-testid="pk-invitation-left">
          {left}s
        </div>
        <div className="pk-dialog__actions">
          <Button shape="rounded" fill="outline" disabled={busy} data-testid="pk-decline" onClick={() => void answer(false)}>
            {t('pk.decline')}
          </Button>
          <Button shape="rounded" className="brand-button" loading={busy} data-testid="pk-accept" onClick={() => void answer(true)}>
            {t('pk.accept')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The inviter's strip while the other anchor decides: their name, the seconds left, withdraw. */
export function PkWaiting({ battle, offset }: { battle: PkBattle; offset: number }) {
  const { t } = useTranslation();
  const now = useServerNow(offset, true);
  return (
    <div className="pk-waiting" data-testid="pk-waiting">
      <UserAvatar src={battle.b.anchor.avatar} size={28} />
      <span className="pk-waiting__text">
        {t('pk.waiting', { name: battle.b.anchor.nickname })} {secondsLeft(battle, now)}s
      </span>
      <button type="button" className="pk-waiting__cancel" onClick={() => void pkCalls.cancel(battle.id).catch(() => undefined)}>
        {t('pk.cancelInvite')}
      </button>
    </div>
  );
}
