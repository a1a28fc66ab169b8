import { useState } from 'react';
import { Button, Input, Switch, TextArea, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { when } from '../parts/format';

/** Switches and messages: the video and game sections, announcements, system notices. */
export function Config() {
  return (
    <div className="adm-grid2">
      <Flags />
      <Notice />
      <Bulletins />
    </div>
  );
}

function Flags() {
  const { t } = useTranslation();
  const config = useAdminQuery('commonConfig');
  const set = useAdminAction('adminSetFlags');
  const flag = (key: 'video_is_open' | 'game_is_open') => (
    <div className="adm-flag">
      <div>
        <div className="adm-user__name">{t(`admin.config.${key}`)}</div>
        <div className="adm-muted">{t(`admin.config.${key}_desc`)}</div>
      </div>
      <Switch
        checked={config.data?.[key] ?? false}
        loading={set.isPending || config.isFetching}
        onChange={(v) => set.mutate({ [key]: v }, { onSuccess: () => void config.refetch() })}
        data-testid={`flag-${key}`}
      />
    </div>
  );
  return (
    <section className="adm-card">
      <h2>{t('admin.config.flags')}</h2>
      {flag('video_is_open')}
      {flag('game_is_open')}
    </section>
  );
}

function Notice() {
  const { t } = useTranslation();
  const send = useAdminAction('adminSendNotice');
  const [userId, setUserId] = useState('');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  return (
    <section className="adm-card">
      <h2>{t('admin.config.notice')}</h2>
      <form
        className="adm-form"
        onSubmit={(e) => {
          e.preventDefault();
          const to = userId.trim() ? { user_id: Number(userId) } : {};
          send.mutate(
            { ...to, title, content, type: 'system' },
            { onSuccess: (r) => (showToast(t('admin.config.sent', { n: r.sent }), 'success'), setTitle(''), setContent('')) },
          );
        }}
      >
        <label className="adm-field">
          <span>{t('admin.config.to')}</span>
          <Input value={userId} onChange={setUserId} placeholder={t('admin.config.toHint')} />
        </label>
        <TitleContent title={title} content={content} onTitle={setTitle} onContent={setContent} max={2000} />
        <Button type="submit" color="primary" loading={send.isPending}>
          {t('admin.config.send')}
        </Button>
      </form>
    </section>
  );
}

function Bulletins() {
  const { t } = useTranslation();
  const list = useAdminQuery('bulletin', { page: 1, size: 8 });
  const create = useAdminAction('adminCreateBulletin');
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [pinned, setPinned] = useState(false);
  return (
    <section className="adm-card adm-span2">
      <h2>{t('admin.config.bulletins')}</h2>
      <div className="adm-grid2">
        <form
          className="adm-form"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(
              { title, content, pinned },
              { onSuccess: () => (showToast(t('admin.done'), 'success'), setTitle(''), setContent(''), setPinned(false)) },
            );
          }}
        >
          <TitleContent title={title} content={content} onTitle={setTitle} onContent={setContent} max={5000} />
          <Checkbox checked={pinned} onChange={setPinned}>
            {t('admin.config.pinned')}
          </Checkbox>
          <Button type="submit" color="primary" loading={create.isPending}>
            {t('admin.config.publish')}
          </Button>
        </form>
        <ul className="adm-bulletins">
          {list.data?.list.map((b) => (
            <li key={b.id}>
              <div className="adm-user__name">
                {b.pinned && <span className="adm-tag adm-tag--violet">{t('admin.config.pinnedTag')}</span>} {b.title}
              </div>
              <div className="adm-muted">{when(b.created_at)}</div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** The title and content fields of a notice or an announcement. */
function TitleContent(p: { title: string; content: string; onTitle: (v: string) => void; onContent: (v: string) => void; max: number }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="adm-field">
        <span>{t('admin.config.title')}</span>
        <Input value={p.title} onChange={p.onTitle} maxLength={60} />
      </label>
      <label className="adm-field">
        <span>{t('admin.config.content')}</span>
        <TextArea value={p.content} onChange={p.onContent} rows={4} maxLength={p.max} />
      </label>
    </>
  );
}
