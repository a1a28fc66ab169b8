import { AddOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../lib/paths';
import { useRoomCategories } from '../../state/queries/room';
import { FollowingGrid } from './parts/FollowingGrid';
import { LiveTabs, useLiveTab } from './parts/LiveTabs';
import { RoomGrid } from './parts/RoomGrid';
import { SearchView } from './parts/SearchView';
import './live.css';

/**
 * 直播 (/pages/live/index): tabs 关注 (followed anchors who are live), 推荐 and the categories (热门 …) over a
 * two-column grid whose top card plays a muted live preview, and search. The tab and the search
 * keyword live in the URL (`?c=`, `?q=`), so Back closes the search and a reload keeps the tab.
 */
export default function Live() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const categories = useRoomCategories();
  const { following, categoryId } = useLiveTab();
  const searching = params.has('q');

  if (searching) {
    return (
      <div className="page live-page">
        <SearchView initial={params.get('q') ?? ''} onSubmit={(q) => setParams({ q }, { replace: true })} onCancel={() => navigate(-1)} />
      </div>
    );
  }

  return (
    <div className="page live-page">
      <header className="live-head">
        <button type="button" className="live-head__search" data-testid="live-search-entry" onClick={() => setParams({ q: '' })}>
          <SearchOutline />
          <span>{t('common.search')}</span>
        </button>
        <button type="button" className="live-head__join" onClick={() => navigate(PATHS.join)}>
          {t('live.join')}
        </button>
      </header>
      <LiveTabs categories={categories.data} />
      <div className="live-body">{following ? <FollowingGrid /> : <RoomGrid key={categoryId ?? 'all'} categoryId={categoryId} />}</div>
      <button type="button" className="live-fab" data-testid="go-live" aria-label={t('live.goLive')} onClick={() => navigate(PATHS.create)}>
        <AddOutline />
        <span>{t('live.goLive')}</span>
      </button>
    </div>
  );
}
