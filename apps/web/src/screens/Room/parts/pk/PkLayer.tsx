import { PK_MATCH_WAIT_SECONDS } from '@app/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../shell/RoomContext';
import { PkArena } from './PkArena';
import { PkInviteDialog, PkWaiting } from './PkInvitation';
import { PkInviteSheet } from './PkInviteSheet';
import { useOpponentStream } from './useOpponentStream';
import { usePkBattle } from './usePkBattle';
import './pk.css';

/**
 * PK battles in the live room (its one mount point): the anchor's PK button and invite sheet, an
 * invitation's dialog or waiting strip, and the battle on stage in both rooms.
 */
export function PkLayer() {
  const { t } = useTranslation();
  const { room, me, status, state } = useRoom();
  const { battle, offset } = usePkBattle(room.id, status === 'joined', me.id);
  const [sheet, setSheet] = useState(false);
  const [matching, setMatching] = useState(false);
  const linked = battle !== null && (battle.status === 'battle' || battle.status === 'punish');
  const opponent = useOpponentStream(room.id, linked ? battle.id : null);
  const inviting = battle?.status === 'inviting' ? battle : null;
  const onStage = battle !== null && battle.started_at !== null;

  // A battle that starts (a match found, an invitation accepted) ends the waiting for a match, and so does its time running out.
  if (matching && onStage) setMatching(false);
  useEffect(() => {
    if (!matching) return;
    const timer = setTimeout(() => setMatching(false), PK_MATCH_WAIT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [matching]);

  return (
    <>
      {onStage && <div className="pk-backdrop" aria-hidden />}
      {onStage && <PkArena battle={battle} offset={offset} opponent={opponent} />}
      {me.owner && !battle && state.live.anchor === true && (
        <button
          type="button"
          className={`pk-fab ${matching ? 'pk-fab--matching' : ''}`}
          data-testid="pk-fab"
          aria-label={t('pk.sheetTitle')}
          onClick={() => setSheet(true)}
        >
          {t('pk.fab')}
        </button>
      )}
      {me.owner && <PkInviteSheet open={sheet && !battle} onClose={() => setSheet(false)} matching={matching} setMatching={setMatching} />}
      {inviting && me.id === inviting.b.anchor.id && <PkInviteDialog battle={inviting} offset={offset} />}
      {inviting && me.id === inviting.a.anchor.id && <PkWaiting battle={inviting} offset={offset} />}
    </>
  );
}
