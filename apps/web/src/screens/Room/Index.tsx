import { Button } from 'antd-mobile';
import { LeftOutline, VideoOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../app/paths';
import { useGoBack } from '../../components/useGoBack';
import './room.css';

/** The full-screen live room (/pages/room/index, no scrolling); playback arrives with the live issue. */
export default function Room() {
  const { t } = useTranslation();
  const goBack = useGoBack(PATHS.live);
  const navigate = useNavigate();
  return (
    <div className="room-screen">
      <button type="button" className="room-screen__back" aria-label={t('common.back')} onClick={goBack}>
        <LeftOutline />
      </button>
      <div className="room-screen__title">{t('page.room')}</div>
      <div className="room-screen__empty">
        <VideoOutline className="room-screen__icon" />
        <div>{t('empty.room')}</div>
        <Button className="brand-button" shape="rounded" size="small" onClick={() => navigate(PATHS.live, { replace: true })}>
          {t('empty.browseLive')}
        </Button>
      </div>
    </div>
  );
}
