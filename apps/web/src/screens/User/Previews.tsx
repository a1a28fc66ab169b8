import type { LivePreview } from '@app/contract';
import { Button, Dialog, PullToRefresh } from 'antd-mobile';
import { CalendarOutline, VideoOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState, LoadError } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PageLoading } from '../../components/PageLoading';
import { PreviewCard } from '../../components/PreviewCard';
import { PATHS } from '../../lib/paths';
import { showToast } from '../../lib/toast';
import { useAnchorPreviews, usePreviewSave } from '../../state/queries/preview';
import { useUserInfo } from '../../state/queries/user';
import { PreviewForm } from './preview/PreviewForm';
import './preview/preview.css';

/** 直播预告 (/pages/user/previews): an anchor's scheduled lives, each with how many wait for it, to edit or cancel; and a new one. */
export default function MyPreviews() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useUserInfo();
  const anchorId = me.data?.is_anchor ? me.data.id : 0;
  const q = useAnchorPreviews(anchorId);
  const [form, setForm] = useState<{ editing: LivePreview | null } | null>(null);
  const list = q.data?.list ?? [];
  const open = list.filter((p) => p.status === 'scheduled');

  let body;
  if (me.isPending || (anchorId > 0 && q.isPending)) body = <PageLoading />;
  else if (me.isError || q.isError) body = <LoadError onRetry={() => void (me.isError ? me.refetch() : q.refetch())} />;
  else if (!anchorId)
    body = <EmptyState icon={<VideoOutline />} title={t('preview.notAnchor')} action={{ label: t('page.create'), onClick: () => navigate(PATHS.create) }} />;
  else
    body = (
      <PullToRefresh onRefresh={async () => void (await q.refetch())}>
        <section className="preview-intro">
          <CalendarOutline aria-hidden className="preview-intro__icon" />
          <p>{t('preview.intro')}</p>
        </section>
        {list.length === 0 ? (
          <EmptyState icon={<CalendarOutline />} title={t('preview.empty')} description={t('preview.emptyDesc')} />
        ) : (
          <ul className="preview-mine" data-testid="my-previews">
            {list.map((p) => (
              <MineRow key={p.id} p={p} onEdit={() => setForm({ editing: p })} />
            ))}
          </ul>
        )}
        <div className="preview-new">
          <Button block shape="rounded" size="large" className="brand-button" data-testid="preview-new" onClick={() => setForm({ editing: null })}>
            {t('preview.new')}
          </Button>
        </div>
      </PullToRefresh>
    );

  return (
    <PageFrame title={t('preview.page')} right={open.length > 0 ? <span className="preview-count">{open.length}</span> : undefined} className="preview-page">
      {body}
      {form && <PreviewForm editing={form.editing} onClose={() => setForm(null)} />}
    </PageFrame>
  );
}

function MineRow({ p, onEdit }: { p: LivePreview; onEdit: () => void }) {
  const { t } = useTranslation();
  const save = usePreviewSave();
  const cancel = async () => {
    const sure = await Dialog.confirm({ content: t('preview.cancelConfirm'), confirmText: t('preview.cancel'), cancelText: t('preview.keep') });
    if (sure) save.cancel.mutate(p.id, { onSuccess: () => showToast(t('preview.cancelled')) });
  };
  return (
    <li className="preview-mine__row">
      <PreviewCard preview={p} />
      {p.status === 'scheduled' && (
        <div className="preview-mine__actions">
          <button type="button" data-testid={`preview-edit-${p.id}`} onClick={onEdit}>
            {t('preview.edit')}
          </button>
          <button
            type="button"
            className="preview-mine__cancel"
            data-testid={`preview-cancel-${p.id}`}
            disabled={save.cancel.isPending}
            onClick={() => void cancel()}
          >
            {t('preview.cancel')}
          </button>
        </div>
      )}
    </li>
  );
}
