import { AudioMutedOutline, AudioOutline, CameraOutline, PhoneFill, VideoOutline } from 'antd-mobile-icons';
import { formatClock } from '@app/kit';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { UserAvatar } from '../../components/UserAvatar';
import { useConversation } from '../../state/queries/chat';
import { callSession } from '../../state/realtime/call';
import type { CallSnapshot } from '../../state/realtime/callSession';
import './video.css';

/** Video call (/pages/chats/video/video?uid=…): ringing, accept/decline, the call with mute, camera switch, hang up and its clock. */
export default function VideoCall() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const peerId = Number(params.get('uid'));
  const snap = useSyncExternalStore(callSession.subscribe, callSession.getSnapshot);
  const conv = useConversation(snap.peerId || peerId);
  const peer = snap.peer ?? conv.data?.peer ?? null;
  const started = useRef(false);
  // Leave only after this screen has shown a call: it opens idle for a moment before dialling.
  const shown = useRef(false);
  if (snap.phase !== 'idle') shown.current = true;

  // Opened to call (from the chat's camera button): start once. Opened by an incoming call: it is already ringing.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (callSession.getSnapshot().phase === 'idle' && params.get('dial') === '1' && peerId > 0) void callSession.start(peerId, conv.data?.peer ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on opening, with the link's peer and dial flag
  }, []);

  // When the call is over, back to the conversation.
  useEffect(() => {
    if (shown.current && snap.phase === 'idle') {
      const target = `${PATHS.chat}?uid=${peerId || snap.peerId}`;
      if (window.history.length > 1 && params.get('dial') === '1') navigate(-1);
      else navigate(target, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the call's end (a change of phase) leaves; the rest is read as it is then
  }, [snap.phase]);

  const ended: Record<NonNullable<CallSnapshot['endReason']>, string> = {
    hangup: t('chats.callEnd.hangup'),
    declined: t('chats.callEnd.declined'),
    busy: t('chats.callEnd.busy'),
    missed: t('chats.callEnd.missed'),
    canceled: t('chats.callEnd.canceled'),
    failed: t('chats.callEnd.failed'),
    refused: t('chats.callEnd.failed'),
    answeredElsewhere: t('chats.callEnd.answeredElsewhere'),
  };
  const status =
    snap.phase === 'outgoing'
      ? t('chats.callRinging')
      : snap.phase === 'incoming'
        ? t('chats.callIncoming')
        : snap.phase === 'connecting'
          ? t('chats.callConnecting')
          : snap.phase === 'ended'
            ? snap.error || (snap.endReason === 'failed' && snap.hostOnly ? t('chats.callEnd.failedHostOnly') : ended[snap.endReason ?? 'hangup'])
            : '';
  const talking = snap.phase === 'active' || snap.phase === 'connecting';
  return (
    <div className={`call call--${snap.phase}`} data-testid="call-screen" data-phase={snap.phase}>
      <Video stream={snap.remote} className="call__remote" testId="remote-video" />
      {!snap.remote && (
        <div className="call__backdrop">
          <UserAvatar src={peer?.avatar} size={96} className="call__avatar" />
        </div>
      )}
      <div className="call__top">
        {!snap.remote && <div className="call__name">{peer?.nickname ?? ''}</div>}
        <div className="call__status" data-testid="call-status">
          {snap.phase === 'active' ? <Clock since={snap.startedAt} /> : status}
        </div>
      </div>
      {snap.local && (
        <Video
          stream={snap.local}
          className={`call__local ${snap.cameraOff ? 'call__local--off' : ''}`}
          muted
          mirror={snap.facing === 'user'}
          testId="local-video"
        />
      )}

      <div className="call__controls">
        {snap.phase === 'incoming' ? (
          <>
            <CallButton label={t('chats.callDecline')} tone="danger" onClick={() => void callSession.decline()} testId="call-decline">
              <PhoneFill className="call__hang" />
            </CallButton>
            <CallButton label={t('chats.callAccept')} tone="accept" onClick={() => void callSession.accept()} testId="call-accept">
              <VideoOutline />
            </CallButton>
          </>
        ) : (
          <>
            <CallButton
              label={snap.muted ? t('chats.callUnmute') : t('chats.callMute')}
              active={snap.muted}
              onClick={() => callSession.toggleMute()}
              disabled={!talking && snap.phase !== 'outgoing'}
              testId="call-mute"
            >
              {snap.muted ? <AudioMutedOutline /> : <AudioOutline />}
            </CallButton>
            <CallButton
              label={t('chats.callHangup')}
              tone="danger"
              onClick={() => void callSession.hangup()}
              disabled={snap.phase === 'ended' || snap.phase === 'idle'}
              testId="call-hangup"
            >
              <PhoneFill className="call__hang" />
            </CallButton>
            <CallButton label={t('chats.callSwitch')} onClick={() => void callSession.switchCamera()} disabled={!snap.local} testId="call-switch">
              <CameraOutline />
            </CallButton>
          </>
        )}
      </div>
    </div>
  );
}

/** The call clock, ticking once a second while connected. */
function Clock({ since }: { since: number }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return <span data-testid="call-clock">{formatClock((now - since) / 1000)}</span>;
}

function Video({
  stream,
  className,
  muted,
  mirror,
  testId,
}: {
  stream: MediaStream | null;
  className: string;
  muted?: boolean;
  mirror?: boolean;
  testId: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video ref={ref} className={`${className} ${mirror ? 'call__mirror' : ''}`} autoPlay playsInline muted={muted} data-testid={testId} hidden={!stream} />
  );
}

interface ButtonProps {
  label: string;
  tone?: 'danger' | 'accept';
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  testId: string;
  children: React.ReactNode;
}

function CallButton({ label, tone, active, disabled, onClick, testId, children }: ButtonProps) {
  return (
    <button
      type="button"
      className={`call__btn ${tone ? `call__btn--${tone}` : ''} ${active ? 'call__btn--active' : ''}`}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
    >
      <span className="call__btn-icon">{children}</span>
      <span className="call__btn-label">{label}</span>
    </button>
  );
}
