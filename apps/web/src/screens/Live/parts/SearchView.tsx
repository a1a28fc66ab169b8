import { SearchBar, Tabs } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../state/session';
import { RoomResults, UserResults } from './SearchResults';

const RECENT_KEEP = 10;

/** Search rooms and users by keyword; recent keywords are remembered (seed §3 "user search"). */
export function SearchView({ initial, onSubmit, onCancel }: { initial: string; onSubmit: (q: string) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial);
  const [tab, setTab] = useState<'room' | 'user'>('room');
  const recent = useSession((s) => s.userSearch);
  const patch = useSession((s) => s.patch);
  const keyword = initial.trim();

  useEffect(() => setText(initial), [initial]);

  const submit = (value: string) => {
    const q = value.trim();
    if (!q) return;
    patch({ userSearch: [q, ...recent.filter((r) => r !== q)].slice(0, RECENT_KEEP) });
    onSubmit(q);
  };

  return (
    <div className="live-search" data-testid="live-search">
      <div className="live-search__bar">
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={submit}
          onClear={() => onSubmit('')}
          placeholder={t('common.search')}
          showCancelButton={() => true}
          cancelText={t('common.cancel')}
          onCancel={onCancel}
          autoFocus
        />
      </div>
      {keyword ? (
        <>
          <Tabs activeKey={tab} onChange={(k) => setTab(k as 'room' | 'user')} className="live-search__tabs">
            <Tabs.Tab key="room" title={t('live.searchRooms')} />
            <Tabs.Tab key="user" title={t('live.searchUsers')} />
          </Tabs>
          {tab === 'room' ? <RoomResults keyword={keyword} /> : <UserResults keyword={keyword} />}
        </>
      ) : (
        <div className="live-search__recent">
          <p className="live-search__hint">{t('live.searchHint')}</p>
          {recent.length > 0 && (
            <>
              <div className="live-search__recent-head">
                <span>{t('join.recent')}</span>
                <button type="button" aria-label={t('common.cancel')} onClick={() => patch({ userSearch: [] })}>
                  <DeleteOutline />
                </button>
              </div>
              <div className="live-search__chips">
                {recent.map((r) => (
                  <button key={r} type="button" className="live-chip" onClick={() => submit(r)}>
                    {r}
                  </button>
                ))}
              </div>
            </>
          )}
        </div>
      )}
    </div>
  );
}
