import { useState } from 'react';
import { Button, Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { ModeratedItem } from '@app/contract';
import { useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { usePagedFilter } from '../parts/usePagedFilter';
import { SearchBox } from '../parts/SearchBox';
import { ItemCell } from './ItemCell';
import { quiet, useModeration } from './moderation';

type Filter = 'all' | 'reported' | 'flagged' | 'hidden';
const SIZE = 20;

/** Every post (comment, video), newest first, filtered to the reported, flagged or hidden ones; hide, show, delete. */
export function ContentList({ type }: { type: 'post' | 'comment' | 'video' }) {
  const { t } = useTranslation();
  const { filter, setFilter, page, setPage } = usePagedFilter<Filter>('all');
  const [keyword, setKeyword] = useState('');
  const q = useAdminQuery('adminContent', { type, filter, page, size: SIZE, ...(keyword ? { keyword } : {}) });
  const m = useModeration();
  return (
    <div className="adm-stack">
      <div className="adm-toolbar">
        <Selector
          columns={4}
          value={[filter]}
          onChange={(v) => v[0] && setFilter(v[0] as Filter)}
          options={(['all', 'reported', 'flagged', 'hidden'] as const).map((f) => ({ value: f, label: t(`admin.content.filter_${f}`) }))}
        />
        <SearchBox placeholder={t('admin.content.keyword')} onSearch={(v) => (setKeyword(v), setPage(1))} />
      </div>
      <DataTable<ModeratedItem>
        testId={`content-${type}`}
        q={q}
        rowKey={(i) => i.id}
        empty={t('admin.content.none')}
        columns={[
          { key: 'item', title: t('admin.content.item'), width: '60%', render: (i) => <ItemCell item={i} /> },
          { key: 'at', title: t('admin.content.time'), render: (i) => <span className="adm-nowrap">{when(i.created_at)}</span> },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (i) => (
              <div className="adm-actions">
                {i.hidden ? (
                  <Button size="mini" onClick={() => quiet(m.setHidden(type, i.id, false))}>
                    {t('admin.content.show')}
                  </Button>
                ) : (
                  <Button size="mini" color="warning" onClick={() => quiet(m.setHidden(type, i.id, true))}>
                    {t('admin.content.hide')}
                  </Button>
                )}
                <Button size="mini" color="danger" fill="outline" onClick={() => quiet(m.remove(type, i.id))}>
                  {t('admin.content.delete')}
                </Button>
              </div>
            ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
    </div>
  );
}
