import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@app/contract';
import { useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { SearchBox } from '../parts/SearchBox';
import { labelOf } from '../parts/label';
import { UserCell } from '../parts/UserCell';

const SIZE = 30;

/** Every operator action, newest first: who, what, on what, with which input. */
export function Audit() {
  const { t, i18n } = useTranslation();
  const [target, setTarget] = useState('');
  const [page, setPage] = useState(1);
  const q = useAdminQuery('adminAudit', { page, size: SIZE, ...(target ? { target } : {}) });
  const actionName = (a: string) => labelOf(i18n, `admin.action.${a}`, a);
  return (
    <section className="adm-card">
      <div className="adm-toolbar">
        <SearchBox placeholder={t('admin.audit.targetHint')} onSearch={(v) => (setTarget(v), setPage(1))} />
      </div>
      <DataTable<AuditEntry>
        testId="audit"
        q={q}
        rowKey={(e) => e.id}
        empty={t('admin.audit.empty')}
        columns={[
          { key: 'at', title: t('admin.audit.time'), render: (e) => <span className="adm-nowrap">{when(e.created_at)}</span> },
          { key: 'op', title: t('admin.audit.operator'), render: (e) => (e.operator ? <UserCell user={e.operator} /> : <span className="adm-tag">CLI</span>) },
          { key: 'action', title: t('admin.audit.action'), render: (e) => <strong>{actionName(e.action)}</strong> },
          { key: 'target', title: t('admin.audit.target'), render: (e) => <code>{e.target || '—'}</code> },
          { key: 'detail', title: t('admin.audit.detail'), width: '34%', render: (e) => <code className="adm-detail">{JSON.stringify(e.detail)}</code> },
          { key: 'ip', title: 'IP', render: (e) => <span className="adm-muted">{e.ip}</span> },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
    </section>
  );
}
