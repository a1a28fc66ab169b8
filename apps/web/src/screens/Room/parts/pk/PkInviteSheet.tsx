import { PK_DEFAULT_SECONDS, PK_DURATIONS } from '@app/contract';
import { Button, Popup, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../../../../components/UserAvatar';
import { pkCalls, usePkAnchors } from '../../../../state/queries/pk';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Whether this anchor waits for a random match now. */
  matching: boolean;
  setMatching: (on: boolean) => void;
}

/** The anchor's PK sheet: the battle's length, a random match, and the live anchors to invite. */
export function PkInviteSheet({ open, onClose, matching, setMatching }: Props) {
  const { t } = useTranslation();
  const [duration, setDuration] = useState<number>(PK_DEFAULT_SECONDS);
  const [busy, setBusy] = useState(0);
  const anchors = usePkAnchors(open);
  const list = anchors.data?.list ?? [];

  const invite = async (roomId: number) => {
    setBusy(roomId);
    try {
      await pkCalls.invite(roomId, duration);
      onClose();
    } catch {
      // toasted by the api client
    } finally {
      setBusy(0);
    }
  };
  const match = async () => {
    if (matching) {
      await pkCalls.matchCancel().catch(() => undefined);
      setMatching(false);
      return;
    }
    try {
      const r = await pkCalls.match(duration);
      setMatching(r.waiting);
      if (!r.waiting) onClose();
    } catch {
      setMatching(false);
    }
  };

  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="room-sheet pk-sheet" destroyOnClose>
      <div className="room-sheet__title">{t('pk.sheetTitle')}</div>
      <div className="room-sheet__sub">{t('pk.duration')}</div>
      <div className="pk-sheet__durations" role="radiogroup">
        {PK_DURATIONS.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={duration === s}
            className={`pk-sheet__duration ${duration === s ? 'pk-sheet__duration--on' : ''}`}
            onClick={() => setDuration(s)}
          >
            {t('pk.minutes', { n: s / 60 })}
          </button>
        ))}
      </div>
      <Button block shape="rounded" className="pk-sheet__random brand-button" data-testid="pk-random" onClick={() => void match()}>
        {matching ? t('pk.stopMatching') : t('pk.random')}
      </Button>
      {matching && (
        <div className="pk-sheet__matching" data-testid="pk-matching">
          {t('pk.matching')}
        </div>
      )}
      <div className="room-sheet__sub">{t('pk.liveAnchors')}</div>
      {anchors.isPending ? (
        <Skeleton.Paragraph lineCount={3} animated />
      ) : list.length === 0 ? (
        <div className="room-sheet__empty">{t('pk.noAnchors')}</div>
      ) : (
        <ul className="room-sheet__list" data-testid="pk-anchors">
          {list.map((c) => (
            <li key={c.room_id} className="sheet-user" data-room-id={c.room_id}>
              <UserAvatar src={c.anchor.avatar} size={40} />
              <span className="sheet-user__main">
                <span className="sheet-user__name">{c.anchor.nickname}</span>
                <span className="sheet-user__sub">{c.title}</span>
              </span>
              {c.busy ? (
                <span className="pk-sheet__busy">{t('pk.busy')}</span>
              ) : (
                <Button
                  size="small"
                  shape="rounded"
                  className="brand-button"
                  loading={busy === c.room_id}
                  data-testid="pk-invite"
                  onClick={() => void invite(c.room_id)}
                >
                  {t('pk.invite')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Popup>
  );
}
