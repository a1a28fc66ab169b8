import type { RoomInfo } from '@app/contract';
import { Button, Input } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { isApiError } from '../../lib/apiError';
import { showToast } from '../../lib/toast';
import { findRoomByNumber, useSeedRoomInfo } from '../../state/queries/room';
import { joinRoomChannel, PASSWORD_REQUIRED, WRONG_PASSWORD } from '../../state/realtime/room';
import { PasswordSheet } from '../../components/PasswordSheet';
import { roomPath } from '../../lib/paths';
import './create/create.css';
import './join.css';

const NUMBER = /^\d{4,10}$/;

/**
 * 加入房间 (/pages/user/join): a room by its number. The room channel is joined here, so a password
 * is checked before leaving the page (a wrong one keeps the sheet open with the reason) and the
 * room page opens already joined.
 */
export default function JoinRoom() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const seed = useSeedRoomInfo();
  const [number, setNumber] = useState('');
  const [busy, setBusy] = useState(false);
  const [room, setRoom] = useState<RoomInfo | null>(null);
  const [pwError, setPwError] = useState<string | null>(null);

  const enter = async (target: RoomInfo, password?: string) => {
    setBusy(true);
    try {
      const r = await joinRoomChannel(target.id, password);
      if (r.code === 200) {
        if (r.data) seed(r.data.room);
        navigate(roomPath(target));
      } else if (r.code === PASSWORD_REQUIRED || r.code === WRONG_PASSWORD) {
        setRoom(target);
        setPwError(r.code === WRONG_PASSWORD ? t('join.wrongPassword') : null);
      } else showToast(`${r.code}[${r.msg}]`);
    } finally {
      setBusy(false);
    }
  };

  const lookUp = async () => {
    const n = number.trim();
    if (!NUMBER.test(n)) return showToast(t('join.numberInvalid'));
    setBusy(true);
    let found: RoomInfo;
    try {
      found = await findRoomByNumber(n);
    } catch (err) {
      // The client toasted code[msg]; a missing room also gets the plain sentence.
      if (isApiError(err) && err.status < 500) showToast(t('join.notFound'));
      setBusy(false);
      return;
    }
    if (found.status === 'closed') {
      setBusy(false);
      return showToast(t('join.closed'));
    }
    await enter(found);
  };

  return (
    <PageFrame title={t('page.join')} className="join-page">
      <div className="join-hero" aria-hidden>
        <span className="join-hero__ring">
          <AddCircleOutline />
        </span>
      </div>
      <div className="join-card card">
        <div className="join-card__label">{t('join.number')}</div>
        <Input
          name="room-number"
          className="join-card__input"
          type="tel"
          inputMode="numeric"
          value={number}
          onChange={(v) => setNumber(v.replace(/\D/g, ''))}
          onEnterPress={() => void lookUp()}
          maxLength={10}
          placeholder={t('join.numberPlaceholder')}
          clearable
        />
        <p className="join-card__hint">{t('join.hint')}</p>
        <Button block shape="rounded" size="large" className="brand-button" loading={busy && !room} disabled={!number} onClick={() => void lookUp()}>
          {t('join.enter')}
        </Button>
      </div>
      <PasswordSheet
        open={room !== null}
        error={pwError}
        busy={busy}
        onSubmit={(pw) => room && void enter(room, pw)}
        onClose={() => {
          setRoom(null);
          setPwError(null);
        }}
      />
    </PageFrame>
  );
}
