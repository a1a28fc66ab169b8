import { SearchBar } from 'antd-mobile';
import { DeleteOutline, SearchOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { UserAvatar } from '../../components/UserAvatar';
import { useSearchUsers } from '../../state/queries/room';
import { useFollowing } from '../../state/queries/social';
import { useSession } from '../../state/session';
import { ProfileSheet } from '../../components/ProfileSheet';
import '../../components/people.css';
import './findFriend.css';
import { LoadMore } from '../../components/LoadMore';

const RECENT_MAX = 8;

/** Add friends (/pages/chats/findFriend): search members (common/search_user), open a card, follow, chat. */
export default function FindFriend() {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const recent = useSession((s) => s.userSearch);
  const me = useSession((s) => s.userInfo?.id);
  const q = useSearchUsers(keyword);
  const friends = useFollowing();
  const rows = q.data?.pages.flatMap((p) => p.list) ?? [];
  const mutual = (friends.data?.pages.flatMap((p) => p.list) ?? []).filter((u) => u.is_friend);

  const search = (value: string) => {
    const k = value.trim();
    setKeyword(k);
    if (!k) return;
    useSession.getState().patch({ userSearch: [k, ...recent.filter((r) => r !== k)].slice(0, RECENT_MAX) });
  };

  return (
    <PageFrame title={t('page.findFriend')}>
      <div className="find-bar">
        <SearchBar
          placeholder={t('chats.searchPlaceholder')}
          value={input}
          onChange={(v) => {
            setInput(v);
            if (!v.trim()) setKeyword('');
          }}
          onSearch={search}
          onClear={() => setKeyword('')}
          data-testid="find-input"
        />
      </div>
      {!keyword ? (
        <>
          {recent.length > 0 && (
            <div className="find-section">
              <div className="find-section__head">
                <span>{t('chats.recent')}</span>
                <button type="button" className="find-section__clear" onClick={() => useSession.getState().patch({ userSearch: [] })}>
                  <DeleteOutline /> {t('chats.clearRecent')}
                </button>
              </div>
              <div className="find-chips">
                {recent.map((r) => (
                  <button
                    key={r}
                    type="button"
                    className="find-chip"
                    onClick={() => {
                      setInput(r);
                      search(r);
                    }}
                  >
                    {r}
                  </button>
                ))}
              </div>
            </div>
          )}
          {mutual.length > 0 ? (
            <div className="find-section">
              <div className="find-section__head">
                <span>{t('chats.myFriends')}</span>
              </div>
              <ul className="find-list">
                {mutual.map((u) => (
                  <PersonRow
                    key={u.id}
                    id={u.id}
                    avatar={u.avatar}
                    nickname={u.nickname}
                    signature={u.signature}
                    vip={u.vip_level}
                    onOpen={() => setOpen(u.id)}
                  />
                ))}
              </ul>
            </div>
          ) : (
            <EmptyState title={t('empty.search')} description={t('chats.searchHint')} icon={<SearchOutline />} />
          )}
        </>
      ) : q.isPending ? (
        <PageLoading />
      ) : rows.length === 0 ? (
        <EmptyState title={t('chats.noResult')} icon={<SearchOutline />} />
      ) : (
        <>
          <ul className="find-list find-list--results" data-testid="find-results">
            {rows.map((u) => (
              <PersonRow
                key={u.id}
                id={u.id}
                avatar={u.avatar}
                nickname={u.nickname}
                signature={u.signature}
                vip={u.vip_level}
                live={u.room_id !== null}
                self={u.id === me}
                onOpen={() => setOpen(u.id)}
              />
            ))}
          </ul>
          <LoadMore query={q} />
        </>
      )}
      <ProfileSheet userId={open} onClose={() => setOpen(null)} />
    </PageFrame>
  );
}

interface RowProps {
  id: number;
  avatar: string;
  nickname: string;
  signature: string;
  vip: number;
  live?: boolean;
  self?: boolean;
  onOpen: () => void;
}

function PersonRow({ id, avatar, nickname, signature, vip, live, self, onOpen }: RowProps) {
  const { t } = useTranslation();
  return (
    <li>
      <button type="button" className="find-row" onClick={onOpen} data-testid={`person-${id}`}>
        <UserAvatar src={avatar} size={48} className="find-row__avatar" />
        <span className="find-row__main">
          <span className="find-row__name">
            <span className="find-row__nick">{nickname}</span>
            {vip > 0 && <span className="vip-chip">VIP{vip}</span>}
            {live && <span className="anchor-chip">{t('chats.live')}</span>}
          </span>
          <span className="find-row__sign">{self ? t('follow.self') : `ID: ${id} · ${signature || t('follow.signatureEmpty')}`}</span>
        </span>
        <span className="find-row__view">{t('chats.viewProfile')}</span>
      </button>
    </li>
  );
}
