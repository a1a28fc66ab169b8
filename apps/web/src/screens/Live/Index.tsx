import { Tabs } from 'antd-mobile';
import { AddOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PATHS } from '../../app/paths';
import { useRoomCategories } from '../../state/queries/room';
import { RoomGrid } from './parts/RoomGrid';
import { SearchView } from './parts/SearchView';
import './live.css';

const ALL = 'all';

/**
 * 直播 (/pages/live/index): open rooms by category in a two-column grid, and search. The tab and the
 * search keyword live in the URL (`?c=`, `?q=`), so Back closes the search and a reload keeps the tab.
 */
export default function Live() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const categories = useRoomCategories();
  const tab = params.get('c') ?? ALL;
  const searching = params.has('q');

  if (searching) {
    return (
      <div className="page live-page">
        <SearchView
          initial={params.get('q') ?? ''}
          onSubmit={(q) => setParams({ q }, { replace: true })}
          onCancel={() => navigate(-1)}
        />
      </div>
    );
  }

  const list = [{ id: ALL, name: t('live.all') }, ...(categories.data ?? []).map((c) => ({ id: String(c.id), name: c.name }))];
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
      <Tabs
        className="live-tabs"
        activeKey={tab}
        onChange={(k) => setParams(k === ALL ? {} : { c: k }, { replace: true })}
        activeLineMode="fixed"
      >
        {list.map((c) => (
          <Tabs.Tab key={c.id} title={c.name} />
        ))}
      </Tabs>
      <div className="live-body">
        <RoomGrid key={tab} categoryId={tab === ALL ? null : Number(tab)} />
      </div>
      <button type="button" className="live-fab" data-testid="go-live" aria-label={t('live.goLive')} onClick={() => navigate(PATHS.create)}>
        <AddOutline />
        <span>{t('live.goLive')}</span>
      </button>
    </div>
  );
}
