import { Button, Dialog, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MONEY_UNIT } from '@app/kit';
import type { AdminGift, AdminPackage } from '@app/contract';
import { GuardedImage } from '../../../components/GuardedImage';
import { showToast } from '../../../lib/toast';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { DataTable } from '../parts/DataTable';
import { useFormDialog, type Field } from '../parts/FormDialog';
import { coins, yuan } from '../parts/format';
import { Names } from './Names';
import { NoticeTemplates } from './NoticeTemplates';
import { WithdrawRules } from './WithdrawRules';

/** Coins as typed (up to 2 decimals) → 1/10000 units. */
const units = (text: string | undefined): number => Math.round(Number(text ?? '') * 100) * (MONEY_UNIT / 100);
const plain = (raw: number): string => String(raw / MONEY_UNIT);

/** The gift catalogue (every change bumps the gift version clients reload on), the recharge packages, the withdrawal rules. */
export function Catalog() {
  return (
    <div className="adm-stack">
      <Gifts />
      <Packages />
      <Names />
      <NoticeTemplates />
      <WithdrawRules />
    </div>
  );
}

function Gifts() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminGifts');
  const save = useAdminAction('adminGiftSave');
  const del = useAdminAction('adminGiftDelete');
  const { ask, dialog } = useFormDialog();
  const edit = (g?: AdminGift) => {
    const fields: Field[] = [
      { name: 'name', label: t('admin.catalog.giftName'), initial: g?.name ?? '' },
      { name: 'price', label: t('admin.catalog.price'), kind: 'number', initial: g ? plain(g.price) : '' },
      { kind: 'image', name: 'icon', label: t('admin.catalog.icon'), initial: g?.icon ?? '/static/gifts/', hint: t('admin.catalog.assetHint') },
      { kind: 'animation', name: 'url', label: t('admin.catalog.animation'), initial: g?.url ?? '', hint: t('admin.catalog.animationHint') },
      { name: 'vip_min', label: t('admin.catalog.vipMin'), kind: 'number', initial: String(g?.vip_min ?? 0), hint: t('admin.catalog.vipMinHint') },
      { name: 'sort', label: t('admin.catalog.sort'), kind: 'number', initial: String(g?.sort ?? 0) },
    ];
    ask({
      title: g ? t('admin.catalog.editGift', { name: g.name }) : t('admin.catalog.addGift'),
      description: t('admin.catalog.giftVersionNote'),
      fields,
      confirm: t('common.save'),
      onSubmit: async (v) => {
        await save.mutateAsync({
          ...(g ? { id: g.id } : {}),
          name: v.name ?? '',
          icon: v.icon ?? '',
          url: v.url ?? '',
          price: units(v.price),
          sort: Number(v.sort || 0),
          vip_min: Number(v.vip_min || 0),
        });
        showToast(t('admin.done'), 'success');
      },
    });
  };
  const remove = async (g: AdminGift) => {
    if (!(await Dialog.confirm({ content: t('admin.catalog.deleteGift', { name: g.name }) }))) return;
    await del.mutateAsync({ id: g.id });
    showToast(t('admin.done'), 'success');
  };
  return (
    <section className="adm-card">
      <div className="adm-card__head">
        <h2>
          {t('admin.catalog.gifts')} <span className="adm-tag adm-tag--violet">{t('admin.catalog.version', { v: q.data?.gift_version ?? '—' })}</span>
        </h2>
        <Button size="small" color="primary" onClick={() => edit()}>
          {t('admin.catalog.addGift')}
        </Button>
      </div>
      <DataTable<AdminGift>
        testId="gifts"
        q={q}
        rowKey={(g) => g.id}
        columns={[
          { key: 'icon', title: t('admin.catalog.icon'), render: (g) => <GuardedImage src={g.icon} className="adm-thumb" /> },
          { key: 'name', title: t('admin.catalog.giftName'), render: (g) => <div className="adm-user__name">{g.name}</div> },
          { key: 'price', title: t('admin.catalog.price'), align: 'right', render: (g) => coins(g.price) },
          { key: 'url', title: t('admin.catalog.animation'), render: (g) => <code className="adm-muted">{g.url || '—'}</code> },
          { key: 'sort', title: t('admin.catalog.sort'), align: 'right', render: (g) => g.sort },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (g) => (
              <div className="adm-actions">
                <Button size="mini" onClick={() => edit(g)}>
                  {t('admin.catalog.edit')}
                </Button>
                <Button size="mini" color="danger" fill="outline" onClick={() => void remove(g).catch(() => undefined)}>
                  {t('admin.catalog.remove')}
                </Button>
              </div>
            ),
          },
        ]}
      />
      {dialog}
    </section>
  );
}

function Packages() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminPackages');
  const save = useAdminAction('adminPackageSave');
  const { ask, dialog } = useFormDialog();
  const body = (p: AdminPackage) => ({
    id: p.id,
    name: p.name,
    price_fen: p.price_fen,
    amount: p.amount,
    bonus: p.bonus,
    tag: p.tag,
    sort: p.sort,
    enabled: p.enabled,
  });
  const edit = (p?: AdminPackage) =>
    ask({
      title: p ? t('admin.catalog.editPackage', { name: p.name }) : t('admin.catalog.addPackage'),
      description: t('admin.catalog.packageNote'),
      fields: [
        { name: 'name', label: t('admin.catalog.packageName'), initial: p?.name ?? '' },
        { name: 'price', label: t('admin.catalog.priceYuan'), kind: 'number', initial: p ? String(p.price_fen / 100) : '' },
        { name: 'amount', label: t('admin.catalog.amount'), kind: 'number', initial: p ? plain(p.amount) : '' },
        { name: 'bonus', label: t('admin.catalog.bonus'), kind: 'number', initial: p ? plain(p.bonus) : '0' },
        { name: 'tag', label: t('admin.catalog.tag'), initial: p?.tag ?? '' },
        { name: 'sort', label: t('admin.catalog.sort'), kind: 'number', initial: String(p?.sort ?? 0) },
      ],
      confirm: t('common.save'),
      onSubmit: async (v) => {
        await save.mutateAsync({
          ...(p ? { id: p.id } : {}),
          name: v.name ?? '',
          price_fen: Math.round(Number(v.price) * 100),
          amount: units(v.amount),
          bonus: units(v.bonus),
          tag: v.tag ?? '',
          sort: Number(v.sort || 0),
          enabled: p?.enabled ?? true,
        });
        showToast(t('admin.done'), 'success');
      },
    });
  return (
    <section className="adm-card">
      <div className="adm-card__head">
        <h2>{t('admin.catalog.packages')}</h2>
        <Button size="small" color="primary" onClick={() => edit()}>
          {t('admin.catalog.addPackage')}
        </Button>
      </div>
      <DataTable<AdminPackage>
        testId="packages"
        q={q}
        rowKey={(p) => p.id}
        columns={[
          {
            key: 'name',
            title: t('admin.catalog.packageName'),
            render: (p) => (
              <div className="adm-user__name">
                {p.name} {p.tag && <span className="adm-tag adm-tag--pending">{p.tag}</span>}
              </div>
            ),
          },
          { key: 'price', title: t('admin.catalog.priceYuan'), align: 'right', render: (p) => yuan(p.price_fen) },
          { key: 'amount', title: t('admin.catalog.amount'), align: 'right', render: (p) => coins(p.amount) },
          { key: 'bonus', title: t('admin.catalog.bonus'), align: 'right', render: (p) => (p.bonus ? `+${coins(p.bonus)}` : '—') },
          { key: 'sort', title: t('admin.catalog.sort'), align: 'right', render: (p) => p.sort },
          {
            key: 'on',
            title: t('admin.catalog.enabled'),
            render: (p) => <Switch checked={p.enabled} onChange={(on) => save.mutate({ ...body(p), enabled: on })} />,
          },
          {
            key: 'act',
            title: t('admin.col.actions'),
            align: 'right',
            render: (p) => (
              <Button size="mini" onClick={() => edit(p)}>
                {t('admin.catalog.edit')}
              </Button>
            ),
          },
        ]}
      />
      {dialog}
    </section>
  );
}
