import type { UserBrief } from '@app/contract';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { UserBadges, vipNameStyle } from '../../../../components/UserBadges';
import type { ChatLine } from '../../../../state/realtime/roomState';
import { useRoom } from '../shell/RoomContext';
import { useGiftName } from '../../../../state/session/giftName';

const ROLE = { 1: 'room.roleOwner', 2: 'room.roleAdmin', 3: 'room.roleCohost', 4: null } as const;
const NOTICE = {
  mute: 'room.noticeMute',
  unmute: 'room.noticeUnmute',
  kick: 'room.noticeKick',
  admin: 'room.noticeAdmin',
  unadmin: 'room.noticeUnadmin',
} as const;

function Line({ line, onUser }: { line: ChatLine; onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const giftName = useGiftName();
  const name = (u: UserBrief) => (
    <button type="button" className="chat-line__name" style={vipNameStyle(u.vip_level)} onClick={() => onUser(u)}>
      {u.nickname}
    </button>
  );
  switch (line.kind) {
    case 'chat': {
      const role = ROLE[line.user.auth];
      return (
        <div className="chat-line" data-testid="chat-line">
          {role && <span className={`chat-role chat-role--${line.user.auth}`}>{t(role)}</span>}
          <UserBadges user={line.user} fan={line.fan} />
          {name(line.user)}
          <span className="chat-line__text">{line.text}</span>
        </div>
      );
    }
    case 'enter':
      return (
        <div className="chat-line chat-line--enter">
          {name(line.user)}
          <span className="chat-line__text">{t('room.entered')}</span>
        </div>
      );
    case 'gift':
      return (
        <div className="chat-line chat-line--gift" data-testid="chat-line">
          {name(line.record.sender)}
          <span className="chat-line__text">
            {t('room.giftLine', { gift: giftName(line.record.gift_id, line.record.gift_name), count: line.record.count })}
          </span>
        </div>
      );
    case 'notice':
      return <div className="chat-line chat-line--notice">{t(NOTICE[line.notice], { name: line.user.nickname })}</div>;
  }
}

/** The chat over the video: the welcome notice, then the last ~50 lines; follows new lines unless scrolled up. */
export function ChatList({ onUser }: { onUser: (u: UserBrief) => void }) {
  const { t } = useTranslation();
  const { state } = useRoom();
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);

  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [state.lines]);

  return (
    <div
      ref={box}
      className="room-chat"
      data-testid="room-chat"
      onScroll={(e) => {
        const el = e.currentTarget;
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
      }}
    >
      <div className="chat-line chat-line--welcome">{t('room.welcome')}</div>
      {state.lines.map((l) => (
        <Line key={l.id} line={l} onUser={onUser} />
      ))}
    </div>
  );
}
