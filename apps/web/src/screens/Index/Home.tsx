import { UploadOutline } from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths';
import { CategoryTabs, useCategoryParam } from '../../components/CategoryTabs';
import { bulletinKeys } from '../../state/queries/keys';
import { useVideoCates, videoKeys } from '../../state/queries/video';
import { BulletinBar, Recommend } from './home/Recommend';
import { REPLAY_TAB, ReplayGrid } from './home/ReplayGrid';
import { VideoGrid } from './home/VideoGrid';
import './home/home.css';

/**
 * 首页 (/pages/index/index, shown when video_is_open): the bulletin marquee, then on the
 * 推荐 tab the banner and the rooms on air (home/travel), and the video grid of the chosen
 * category; the last tab lists the replays of ended lives. The tab lives in the URL (`?c=`) so Back and a reload keep it.
 */
export default function Home() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const cates = useVideoCates();
  const cate = useCategoryParam();
  const refreshTop = () => Promise.all([qc.invalidateQueries({ queryKey: videoKeys.travel() }), qc.invalidateQueries({ queryKey: bulletinKeys.list() })]);

  return (
    <div className="page home-page">
      <header className="home-head">
        <span className="home-head__brand">{t('app.name')}</span>
        <button type="button" className="home-head__upload" data-testid="go-upload" onClick={() => navigate(PATHS.uploadVd)}>
          <UploadOutline />
          <span>{t('video.upload')}</span>
        </button>
      </header>
      <BulletinBar />
      <CategoryTabs className="home-tabs" allLabel={t('video.recommend')} categories={[...(cates.data ?? []), { id: REPLAY_TAB, name: t('replay.tab') }]} />
      <div className="home-body">
        {cate === REPLAY_TAB ? (
          <ReplayGrid onRefresh={refreshTop} />
        ) : (
          <VideoGrid key={cate ?? 'all'} cateId={cate} onRefresh={refreshTop} header={cate === null ? <Recommend /> : null} />
        )}
      </div>
    </div>
  );
}
