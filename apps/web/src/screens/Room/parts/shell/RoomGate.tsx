import { ErrorCode, type RoomInfo } from '@app/contract';
import { formatDateCN, formatDuration } from '@app/kit';
import { Button, SpinLoading } from 'antd-mobile';
import { CloseOutline, ExclamationCircleOutline, StopOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../../lib/paths';
import { UserAvatar } from '../../../../components/UserAvatar';
import type { RoomSnapshot } from '../../../../state/realtime/roomClient';

/** Which full-screen state covers the room, if any. */
export type Gate =
  | { kind: 'connecting' }
  | { kind: 'locked' }
  | { kind: 'missing' }
  | { kind: 'ended'; owner: boolean; byOperator: boolean; note: string | null }
  | { kind: 'kicked'; until: string | null }
  | { kind: 'network' }
  | { kind: 'refused'; message: string };

export function gateOf(snap: RoomSnapshot, joinedHere: boolean, owner: boolean, missing: boolean, passwordAsked: boolean): Gate | null {
  const st = snap.state;
  if (snap.status === 'closed' || st.ended) return { kind: 'ended', owner, byOperator: st.ended === 'operator', note: st.endedNote };
  if (snap.status === 'kicked') return { kind: 'kicked', until: st.kickedUntil };
  if (snap.status === 'failed') return { kind: 'network' };
  // A page title shows words only (the `code[message]` form is for toasts); a room that is not there is the missing page.
  if (snap.status === 'refused' && !passwordAsked) {
    if (snap.error?.code === ErrorCode.NOT_FOUND) return { kind: 'missing' };
    return { kind: 'refused', message: snap.error?.msg ?? '' };
  }
  if (missing && !joinedHere) return { kind: 'missing' };
  if (passwordAsked) return { kind: 'locked' };
  if (!joinedHere) return { kind: 'connecting' };
  return null;
}

interface Props {
  gate: Gate;
  room: RoomInfo | null;
  onExit: () => void;
  onRetry: () => void;
}

function Panel({ icon, title, desc, children }: { icon: ReactNode; title: string; desc?: string; children?: ReactNode }) {
  return (
    <div className="room-gate__panel">
      <div className="room-gate__icon">{icon}</div>
      <div className="room-gate__title">{title}</div>
      {desc && <div className="room-gate__desc">{desc}</div>}
      <div className="room-gate__actions">{children}</div>
    </div>
  );
}

/** The full-screen states: entering, ended, kicked, network lost, refused, missing. */
export function RoomGate({ gate, room, onExit, onRetry }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const browse = (
    <Button shape="rounded" className="brand-button" onClick={() => navigate(PATHS.live, { replace: true })}>
      {t('room.browse')}
    </Button>
  );
  const back = (
    <Button shape="rounded" className="room-gate__ghost" onClick={onExit}>
      {t('common.back')}
    </Button>
  );
  let body: ReactNode;
  switch (gate.kind) {
    case 'connecting':
    case 'locked':
      // Who is behind the door while entering (or while the password is asked below).
      body = (
        <div className={gate.kind === 'locked' ? 'room-gate__panel room-gate__panel--raised' : 'room-gate__panel'}>
          {room && <UserAvatar src={room.anchor.avatar} size={72} className="room-gate__avatar" />}
          {room && <div className="room-gate__name">{room.anchor.nickname}</div>}
          {room && <div className="room-gate__desc">{room.title}</div>}
          {gate.kind === 'connecting' && <SpinLoading color="white" style={{ '--size': '28px' }} />}
          {gate.kind === 'connecting' && <div className="room-gate__desc">{t('room.connecting')}</div>}
        </div>
      );
      break;
    case 'missing':
      body = (
        <Panel icon={<ExclamationCircleOutline />} title={t('join.notFound')}>
          {browse}
        </Panel>
      );
      break;
    case 'ended': {
      const duration = room?.started_at ? formatDuration((Date.now() - Date.parse(room.started_at)) / 1000) : null;
      body = gate.owner ? (
        <Panel
          icon={<StopOutline />}
          title={gate.byOperator ? t('room.endedByOperatorAnchor') : t('room.endedAnchor')}
          desc={gate.byOperator && gate.note ? t('room.endedReason', { reason: gate.note }) : duration ? t('room.duration', { time: duration }) : undefined}
        >
          <Button shape="rounded" className="brand-button" onClick={() => navigate(PATHS.user, { replace: true })}>
            {t('common.confirm')}
          </Button>
        </Panel>
      ) : (
        <Panel icon={<StopOutline />} title={t('room.ended')} desc={gate.byOperator ? t('room.endedByOperator') : t('room.endedDesc')}>
          {browse}
          {back}
        </Panel>
      );
      break;
    }
    case 'kicked':
      body = (
        <Panel
          icon={<UserOutline />}
          title={t('room.kicked')}
          desc={gate.until ? t('room.kickedUntil', { time: formatDateCN(gate.until, 'HH:mm') }) : undefined}
        >
          {browse}
          {back}
        </Panel>
      );
      break;
    case 'network':
      body = (
        <Panel icon={<ExclamationCircleOutline />} title={t('room.networkLost')} desc={t('room.networkLostDesc')}>
          <Button shape="rounded" className="brand-button" onClick={onRetry}>
            {t('common.retry')}
          </Button>
          {back}
        </Panel>
      );
      break;
    case 'refused':
      body = (
        <Panel icon={<ExclamationCircleOutline />} title={gate.message}>
          {browse}
          {back}
        </Panel>
      );
      break;
  }
  return (
    <div className="room-gate" data-testid="room-gate" data-gate={gate.kind}>
      <button type="button" className="room-gate__close" aria-label={t('common.back')} onClick={onExit}>
        <CloseOutline />
      </button>
      {body}
    </div>
  );
}
