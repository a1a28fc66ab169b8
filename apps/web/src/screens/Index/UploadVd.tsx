import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import type { VideoResource } from '@app/contract';
import { UploadOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { loginUrl } from '../../lib/nav';
import { useSession } from '../../state/session';
import { MyUploads } from './upload/MyUploads';
import { UploadForm } from './upload/UploadForm';
import '../../components/categoryTabs.css';
import './upload/upload.css';

/**
 * 上传视频 (/pages/index/uploadVd): publish a video, and my uploads (`?tab=mine`) with their
 * processing state. The page opens without login (seed §2) and asks for it before anything else.
 */
export default function UploadVideo() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const member = useSession((s) => s.token !== '' && !s.isGuest);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'mine' ? 'mine' : 'new';
  const go = (k: string) => setParams(k === 'mine' ? { tab: 'mine' } : {}, { replace: true });
  // An upload from my uploads that was never published: the form carries on with it.
  const [resume, setResume] = useState<VideoResource | null>(null);

  return (
    <PageFrame title={t('page.uploadVd')} className="vu-page">
      {!member ? (
        <EmptyState icon={<UploadOutline />} title={t('video.loginToUpload')} action={{ label: t('common.login'), onClick: () => navigate(loginUrl()) }} />
      ) : (
        <>
          <Tabs className="live-tabs vu-tabs" activeKey={tab} onChange={go} activeLineMode="fixed">
            <Tabs.Tab key="new" title={t('video.tabNew')} />
            <Tabs.Tab key="mine" title={t('video.tabMine')} />
          </Tabs>
          {tab === 'new' ? (
            <UploadForm
              resume={resume}
              onPublished={() => {
                setResume(null);
                go('mine');
              }}
            />
          ) : (
            <MyUploads
              onUpload={() => go('new')}
              onPublish={(r) => {
                setResume(r);
                go('new');
              }}
            />
          )}
        </>
      )}
    </PageFrame>
  );
}
