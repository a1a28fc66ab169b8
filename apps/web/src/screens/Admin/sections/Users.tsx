import { useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminUser, BanScope } from '@app/contract';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { showToast } from '../../../lib/toast';
import { useMay } from '../parts/consoleRole';
import { DataTable } from '../parts/DataTable';
import { useFormDialog } from '../parts/FormDialog';
import { when } from '../parts/format';
import { Pager } from '../parts/Pager';
import { SearchBox } from '../parts/SearchBox';
import { UserCell } from '../parts/UserCell';
import { useBanDialog } from './banDialog';
import { LedgerPanel } from './LedgerPanel';

const SIZE = 20;

/** Members: search, timed bans (chat, posting, login, going live), password resets, and each one's ledger. */
export function Users() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [bannedOnly, setBannedOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [ledgerOf, setLedgerOf] = useState<number | null>(null);
  const q = useAdminQuery('adminUsers', { page, size: SIZE, ...(keyword ? { keyword } : {}), ...(bannedOnly ? { banned: '1' as const } : {}) });
  const unban = useAdminAction('adminUserUnban');
  const reset = useAdminAction('adminUserResetPassword');
  const ban = useBanDialog();
  const { ask, dialog } = useFormDialog();
  const may = useMay();

  const onReset = (u: AdminUser) =>
    ask({
      title: t('admin.users.resetTitle', { name: u.nickname }),
      description: t('admin.users.resetDesc'),
      fields: [{ name: 'password', label: t('admin.users.newPassword'), kind: 'text', hint: t('admin.users.passwordRule') }],
      confirm: t('admin.users.reset'),
      onSubmit: async (v) => {
        await reset.mutateAsync({ user_id: u.id, password: v.password ?? '' });
        showToast(t('admin.done'), 'success');
      },
    });
  const onUnban = (u: AdminUser, scope: BanScope) =>
    unban.mutate({ user_id: u.id, scope }, { onSuccess: () => showToast(t('admin.users.unbanned'), 'success') });

  return (
    <section className="adm-card">
      <div className="adm-toolbar">
        <SearchBox placeholder={t('admin.users.searchHint')} onSearch={(v) => (setKeyword(v), setPage(1))} testId="user-search" strong />
        <Checkbox
          checked={bannedOnly}
          onChange={(v) => {
            setBannedOnly(v);
            setPage(1);
          }}
        >
          {t('admin.users.bannedOnly')}
        </Checkbox>
      </div>
      <DataTable<AdminUser>
        testId="users"
        q={q}
        rowKey={(u) => u.id}
        empty={t('admin.users.empty')}
        expanded={(u) => (ledgerOf === u.id ? <LedgerPanel userId={u.id} /> : null)}
        columns={[
          { key: 'user', title: t('admin.col.user'), render: (u) => <UserCell user={u} sub={u.is_anchor ? t('admin.users.anchor') : undefined} /> },
          {
            key: 'acct',
            title: t('admin.users.account'),
            render: (u) => (
              <div>
                {u.mobile || '—'}
                <div className="adm-muted">{u.account}</div>
              </div>
            ),
          },
          {
            key: 'role',
            title: t('admin.users.role'),
            render: (u) => <span className={`adm-tag ${u.role === 'operator' ? 'adm-tag--violet' : ''}`}>{t(`admin.role.${u.role}`)}</span>,
          },
          {
            key: 'bans',
            title: t('admin.users.bans'),
            render: (u) =>
              u.bans.length === 0 ? (
                <span className="adm-muted">{t('admin.users.noBans')}</span>
              ) : (
                <div className="adm-bans">
                  {u.bans.map((b) => (
                    <span key={b.id} className="adm-tag adm-tag--rejected" title={b.reason}>
                      {t(`admin.scope.${b.scope}`)} · {t('admin.users.until', { at: when(b.until) })}
                      {may('adminUserUnban') && (
                        <button type="button" className="adm-tag__x" aria-label={t('admin.users.unban')} onClick={() => onUnban(u, b.scope)}>
                          ×
                        </button>
                      )}
                    </span>
                  ))}
                </div>
              ),
          },
          { key: 'at', title: t('admin.users.joined'), render: (u) => when(u.created_at) },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (u) => (
              <div className="adm-actions">
                {u.role !== 'operator' && may('adminUserBan') && (
                  <Button size="mini" color="danger" fill="outline" onClick={() => ban.open(u)}>
                    {t('admin.users.ban')}
                  </Button>
                )}
                {u.role !== 'operator' && may('adminUserResetPassword') && (
                  <Button size="mini" onClick={() => onReset(u)}>
                    {t('admin.users.reset')}
                  </Button>
                )}
                {may('adminLedger') && (
                  <Button size="mini" color={ledgerOf === u.id ? 'primary' : 'default'} onClick={() => setLedgerOf(ledgerOf === u.id ? null : u.id)}>
                    {t('admin.users.ledger')}
                  </Button>
                )}
              </div>
            ),
          },
        ]}
      />
      <Pager page={page} size={SIZE} total={q.data?.total} onPage={setPage} />
      {ban.dialog}
      {dialog}
    </section>
  );
}
