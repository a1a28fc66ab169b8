import { useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ContentList } from './ContentList';
import { Reports } from './Reports';
import { Words } from './Words';

type Tab = 'reports' | 'post' | 'comment' | 'video' | 'words';

/** Content: members' reports, every post, comment and video (reported, flagged, hidden), the sensitive-word list. */
export function Content() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('reports');
  return (
    <section className="adm-card">
      <Tabs stretch={false} activeKey={tab} onChange={(k) => setTab(k as Tab)}>
        <Tabs.Tab key="reports" title={t('admin.content.reports')} />
        <Tabs.Tab key="post" title={t('admin.content.posts')} />
        <Tabs.Tab key="comment" title={t('admin.content.comments')} />
        <Tabs.Tab key="video" title={t('admin.content.videos')} />
        <Tabs.Tab key="words" title={t('admin.content.words')} />
      </Tabs>
      {tab === 'reports' && <Reports />}
      {(tab === 'post' || tab === 'comment' || tab === 'video') && <ContentList key={tab} type={tab} />}
      {tab === 'words' && <Words />}
    </section>
  );
}
