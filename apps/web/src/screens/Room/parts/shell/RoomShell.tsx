import type { RoomKind } from '@app/contract';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS, roomPath } from '../../../../lib/paths';
import { GuardedImage } from '../../../../components/GuardedImage';
import { useGoBack } from '../../../../components/useGoBack';
import { goLogin } from '../../../../lib/nav';
import { showToast } from '../../../../lib/toast';
import { useRoomInfo } from '../../../../state/queries/room';
import { joinRoomChannel, PASSWORD_REQUIRED, roomChannel, WRONG_PASSWORD } from '../../../../state/realtime/room';
import { useSession } from '../../../../state/session';
import { PasswordSheet } from '../../../../components/PasswordSheet';
import { RoomCtx, type RoomContextValue } from './RoomContext';
import { gateOf, RoomGate } from './RoomGate';
import { useRoomMedia } from '../stage/useRoomMedia';
import { useRoomSession } from './useRoomSession';
import '../../room.css';
import '../sheets/sheets.css';

/** ErrorCode.LOGIN_REQUIRED: a guest tried to chat or take the mic. */
const LOGIN_REQUIRED = -1;

/**
 * Everything the two room pages share: the room id from the URL, joining the channel (password
 * sheet), the full-screen states, the media, and the context the page's parts read with useRoom().
 */
export function RoomShell({ kind, children }: { kind: RoomKind; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const exit = useGoBack(PATHS.live);
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const cached = useRoomInfo(id);
  const { snap, room } = useRoomSession(id);
  const meId = useSession((s) => s.userInfo?.id ?? null);
  const guest = useSession((s) => s.isGuest || !s.token);
  // `muted=1`: opened muted (a moderator's patrol wall opens rooms so).
  const [sound, setSound] = useState(() => params.get('muted') !== '1');
  const [pwBusy, setPwBusy] = useState(false);

  const shown = room ?? cached.data ?? null;
  useEffect(() => {
    if (shown && shown.kind !== kind) navigate(roomPath(shown), { replace: true });
  }, [shown, kind, navigate]);

  const owner = room !== null && meId === room.anchor.id;
  const mySeat = snap.state.mySeat;
  const publishSeat = !room ? null : owner ? 'anchor' : mySeat ? `seat-${mySeat}` : null;
  const live = room !== null && (snap.status === 'joined' || snap.status === 'reconnecting');
  const active = live || (snap.status === 'connecting' && !!id);
  // The owner's seat is only known once joined: until then the anchor's own slot is not excluded,
  // so an owner's player waits for the join (publishSeat) rather than preparing the wrong offer.
  const ownerPending = !room && cached.data !== undefined && meId === cached.data.anchor.id;
  const media = useRoomMedia({
    room,
    roomId: id,
    micSeats: shown?.mic_seats ?? 0,
    active: active && shown !== null && !ownerPending,
    joined: live,
    inRoom: snap.status === 'joined',
    publishSeat,
    pcMode: owner && !!room?.settings.pc,
    mediaMoves: snap.state.mediaMoves,
    anchorLive: snap.state.live.anchor ?? false,
  });

  const act = useCallback<RoomContextValue['act']>(
    async (event, payload) => {
      const r = await roomChannel.request(event, payload);
      if (r.code === 200) return true;
      if (r.code === LOGIN_REQUIRED) goLogin();
      else showToast(r.code < 0 ? t('error.network') : `${r.code}[${r.msg}]`);
      return false;
    },
    [t],
  );

  const say = useCallback<RoomContextValue['say']>(
    async (text, danmaku) => {
      const r = await roomChannel.chat(text, danmaku);
      if (r.code === 200) return true;
      if (r.code === LOGIN_REQUIRED) goLogin();
      else showToast(r.code < 0 ? t('error.network') : `${r.code}[${r.msg}]`);
      return false;
    },
    [t],
  );

  const ctx = useMemo<RoomContextValue | null>(
    () => (room ? { room, state: snap.state, status: snap.status, me: { id: meId, guest, owner }, media, sound, setSound, act, say, exit } : null),
    [room, snap.state, snap.status, meId, guest, owner, media, sound, act, say, exit],
  );

  const pwCode = snap.status === 'refused' ? snap.error?.code : undefined;
  const passwordAsked = pwCode === PASSWORD_REQUIRED || pwCode === WRONG_PASSWORD;
  const missing = !id || (cached.isError && !room);
  const gate = gateOf(snap, room !== null && snap.status !== 'refused', owner, missing, passwordAsked);

  const submitPassword = async (pw: string) => {
    setPwBusy(true);
    try {
      await joinRoomChannel(id, pw);
    } finally {
      setPwBusy(false);
    }
  };

  return (
    <div className={`room room--${kind}`} data-testid="room" data-status={snap.status} data-room-id={id}>
      <div className="room__backdrop" aria-hidden>
        {shown && (shown.cover || shown.anchor.avatar) && <GuardedImage className="room__backdrop-img" src={shown.cover || shown.anchor.avatar} alt="" />}
      </div>
      {ctx && !gate && <RoomCtx.Provider value={ctx}>{children}</RoomCtx.Provider>}
      {gate && <RoomGate gate={gate} room={shown} onExit={exit} onRetry={() => void roomChannel.retry()} />}
      <PasswordSheet
        open={passwordAsked}
        error={pwCode === WRONG_PASSWORD ? t('join.wrongPassword') : null}
        busy={pwBusy}
        onSubmit={(pw) => void submitPassword(pw)}
        onClose={exit}
      />
    </div>
  );
}
