import type { Notice } from '@app/contract';
import { BellOutline, GiftOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeText } from '../../locale/serverText';
import { timeAgo } from '../../lib/time';

const ICON = { system: <BellOutline />, activity: <GiftOutline />, account: <UserOutline /> };

/** One system notice; tapping expands it and marks it read. */
export function NoticeRow({ notice, onOpen }: { notice: Notice; onOpen: () => void }) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const text = noticeText(notice, t);
  return (
    <li>
      <button
        type="button"
        className={`chat-row ${notice.is_read ? '' : 'chat-row--unread'}`}
        onClick={() => {
          setOpen((o) => !o);
          onOpen();
        }}
      >
        <span className={`chat-row__icon chat-row__icon--${notice.type}`}>{ICON[notice.type]}</span>
        <span className="chat-row__main">
          <span className="chat-row__top">
            <span className="chat-row__title">{text.title}</span>
            <span className="chat-row__time">{timeAgo(notice.created_at)}</span>
          </span>
          <span className={open ? 'chat-row__text chat-row__text--open' : 'chat-row__text'}>{text.content}</span>
        </span>
      </button>
    </li>
  );
}
