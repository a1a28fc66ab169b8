import { SearchBar, Tabs } from 'antd-mobile';
import { DeleteOutline } from 'antd-mobile-icons';
import { FORUM_LIMITS } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useState } from 'react';
import { useHotSearch } from '../../state/queries/forum';
import { useSession } from '../../state/session';
import { SearchResults, type SearchKind } from './parts/SearchResults';
import './forum.css';

const RECENT_KEEP = 10;

/**
 * 搜索 (/pages/forum/search?q=&k=): hot searches and my recent searches (seed §3 user search), then
 * results as posts, topics or users. Keyword and kind live in the URL so Back returns to the hints.
 */
export default function ForumSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const keyword = (params.get('q') ?? '').trim();
  const kind = (['post', 'tag', 'user'].includes(params.get('k') ?? '') ? params.get('k') : 'post') as SearchKind;
  const [text, setText] = useState(keyword);
  const hot = useHotSearch();
  const recent = useSession((s) => s.userSearch);
  const patch = useSession((s) => s.patch);

  const submit = (value: string) => {
    const q = value.trim().slice(0, FORUM_LIMITS.SEARCH_MAX);
    if (!q) return;
    setText(q);
    patch({ userSearch: [q, ...recent.filter((r) => r !== q)].slice(0, RECENT_KEEP) });
    setParams({ q, ...(kind !== 'post' ? { k: kind } : {}) }, { replace: !!keyword });
  };

  return (
    <div className="page forum-page fsearch" data-testid="forum-search">
      <div className="fsearch__bar">
        <SearchBar
          value={text}
          onChange={setText}
          onSearch={submit}
          onClear={() => setParams({}, { replace: true })}
          placeholder={t('common.search')}
          showCancelButton={() => true}
          cancelText={t('common.cancel')}
          onCancel={() => navigate(-1)}
          maxLength={FORUM_LIMITS.SEARCH_MAX}
          autoFocus={!keyword}
        />
      </div>
      {keyword ? (
        <>
          <Tabs
            className="forum-tabs fsearch__tabs"
            activeKey={kind}
            onChange={(k) => setParams({ q: keyword, ...(k !== 'post' ? { k } : {}) }, { replace: true })}
            activeLineMode="fixed"
          >
            <Tabs.Tab key="post" title={t('forum.searchPosts')} />
            <Tabs.Tab key="tag" title={t('forum.searchTopics')} />
            <Tabs.Tab key="user" title={t('forum.searchUsers')} />
          </Tabs>
          <SearchResults key={`${keyword}-${kind}`} keyword={keyword} kind={kind} />
        </>
      ) : (
        <div className="fsearch__hints">
          {recent.length > 0 && (
            <section className="fsearch__sec" data-testid="recent-searches">
              <div className="fsearch__head">
                <h3>{t('forum.recentSearches')}</h3>
                <button type="button" aria-label={t('forum.clearRecent')} onClick={() => patch({ userSearch: [] })}>
                  <DeleteOutline />
                </button>
              </div>
              <div className="fchips">
                {recent.map((r) => (
                  <button key={r} type="button" className="fchip" onClick={() => submit(r)}>
                    {r}
                  </button>
                ))}
              </div>
            </section>
          )}
          {(hot.data?.length ?? 0) > 0 && (
            <section className="fsearch__sec" data-testid="hot-searches">
              <div className="fsearch__head">
                <h3>{t('forum.hotSearches')}</h3>
              </div>
              <ol className="fhot">
                {hot.data!.map((h, i) => (
                  <li key={h}>
                    <button type="button" onClick={() => submit(h)}>
                      <span className={`fhot__n${i < 3 ? ' fhot__n--top' : ''}`}>{i + 1}</span>
                      <span className="fhot__k">{h}</span>
                    </button>
                  </li>
                ))}
              </ol>
            </section>
          )}
        </div>
      )}
    </div>
  );
}
