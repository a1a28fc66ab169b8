import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { AdminActivity, AdminBanner, AdminCategory, AdminTopic } from '@app/contract';
import { GuardedImage } from '../../../components/GuardedImage';
import { useAdminAction, useAdminQuery } from '../../../state/queries/admin';
import { EditableCard } from '../parts/EditableCard';
import { isoOf, when } from '../parts/format';

const num = (v: string | undefined) => Number(v || 0);
/** The community's catalogue: banners, categories, topics, activities. */
export function Community() {
  return (
    <div className="adm-stack">
      <Banners />
      <div className="adm-grid2">
        <Categories />
        <Topics />
      </div>
      <Activities />
    </div>
  );
}

function Banners() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminBanners');
  const save = useAdminAction('adminBannerSave');
  const body = (b: AdminBanner) => ({ id: b.id, title: b.title, image: b.image, url: b.url, sort: b.sort, enabled: b.enabled });
  return (
    <EditableCard<AdminBanner>
      title={t('admin.community.banners')}
      testId="banners"
      q={q}
      rowKey={(b) => b.id}
      addLabel={t('admin.community.addBanner')}
      editTitle={(b) => t('admin.community.editNamed', { name: b.title })}
      columns={[
        { key: 'img', title: t('admin.community.image'), render: (b) => <GuardedImage src={b.image} className="adm-banner" /> },
        {
          key: 'title',
          title: t('admin.community.title'),
          render: (b) => (
            <div>
              <div className="adm-user__name">{b.title}</div>
              <code className="adm-muted">{b.url}</code>
            </div>
          ),
        },
        { key: 'sort', title: t('admin.catalog.sort'), align: 'right', render: (b) => b.sort },
        {
          key: 'on',
          title: t('admin.community.shown'),
          render: (b) => <Switch checked={b.enabled} onChange={(on) => save.mutate({ ...body(b), enabled: on })} />,
        },
      ]}
      fields={(b) => [
        { name: 'title', label: t('admin.community.title'), initial: b?.title ?? '' },
        { kind: 'image', name: 'image', label: t('admin.community.image'), initial: b?.image ?? '/static/forum/', hint: t('admin.catalog.assetHint') },
        { name: 'url', label: t('admin.community.link'), initial: b?.url ?? '/pages/forum/activeList', hint: t('admin.community.linkHint') },
        { name: 'sort', label: t('admin.catalog.sort'), kind: 'number', initial: String(b?.sort ?? 0) },
      ]}
      save={(v, b) =>
        save.mutateAsync({
          ...(b ? { id: b.id } : {}),
          title: v.title ?? '',
          image: v.image ?? '',
          url: v.url ?? '',
          sort: num(v.sort),
          enabled: b?.enabled ?? true,
        })
      }
    />
  );
}

function Categories() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminCategories');
  const save = useAdminAction('adminCategorySave');
  return (
    <EditableCard<AdminCategory>
      title={t('admin.community.categories')}
      testId="categories"
      q={q}
      rowKey={(c) => c.id}
      addLabel={t('admin.community.addCategory')}
      editTitle={(c) => t('admin.community.editNamed', { name: c.name })}
      columns={[
        { key: 'name', title: t('admin.community.name'), render: (c) => <span className="adm-user__name">{c.name}</span> },
        { key: 'posts', title: t('admin.community.posts'), align: 'right', render: (c) => c.posts },
        { key: 'sort', title: t('admin.catalog.sort'), align: 'right', render: (c) => c.sort },
      ]}
      fields={(c) => [
        { name: 'name', label: t('admin.community.name'), initial: c?.name ?? '' },
        { name: 'sort', label: t('admin.catalog.sort'), kind: 'number', initial: String(c?.sort ?? 0) },
      ]}
      save={(v, c) => save.mutateAsync({ ...(c ? { id: c.id } : {}), name: v.name ?? '', sort: num(v.sort) })}
    />
  );
}

function Topics() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminTopics');
  const save = useAdminAction('adminTopicSave');
  return (
    <EditableCard<AdminTopic>
      title={t('admin.community.topics')}
      testId="topics"
      q={q}
      rowKey={(x) => x.id}
      addLabel={t('admin.community.addTopic')}
      editTitle={(x) => t('admin.community.editNamed', { name: x.name })}
      columns={[
        {
          key: 'name',
          title: t('admin.community.name'),
          render: (x) => (
            <span className="adm-user__name">
              #{x.name} {x.hot && <span className="adm-tag adm-tag--rejected">{t('admin.community.hot')}</span>}
            </span>
          ),
        },
        { key: 'posts', title: t('admin.community.posts'), align: 'right', render: (x) => x.posts },
        { key: 'sort', title: t('admin.catalog.sort'), align: 'right', render: (x) => x.sort },
      ]}
      fields={(x) => [
        { name: 'name', label: t('admin.community.name'), initial: x?.name ?? '' },
        { name: 'description', label: t('admin.community.description'), kind: 'textarea', initial: x?.description ?? '' },
        { kind: 'image', name: 'cover', label: t('admin.community.cover'), initial: x?.cover ?? '', hint: t('admin.catalog.assetHint') },
        {
          name: 'hot',
          label: t('admin.community.hot'),
          kind: 'select',
          initial: x?.hot ? '1' : '0',
          options: [
            { value: '0', label: t('admin.community.no') },
            { value: '1', label: t('admin.community.yes') },
          ],
        },
        { name: 'sort', label: t('admin.catalog.sort'), kind: 'number', initial: String(x?.sort ?? 0) },
      ]}
      save={(v, x) =>
        save.mutateAsync({
          ...(x ? { id: x.id } : {}),
          name: v.name ?? '',
          description: v.description ?? '',
          cover: v.cover ?? '',
          hot: v.hot === '1',
          sort: num(v.sort),
        })
      }
    />
  );
}

function Activities() {
  const { t } = useTranslation();
  const q = useAdminQuery('adminActivities');
  const topics = useAdminQuery('adminTopics').data?.list ?? [];
  const save = useAdminAction('adminActivitySave');
  return (
    <EditableCard<AdminActivity>
      title={t('admin.community.activities')}
      testId="activities"
      q={q}
      rowKey={(a) => a.id}
      addLabel={t('admin.community.addActivity')}
      editTitle={(a) => t('admin.community.editNamed', { name: a.title })}
      columns={[
        {
          key: 'title',
          title: t('admin.community.title'),
          render: (a) => (
            <div>
              <div className="adm-user__name">{a.title}</div>
              <div className="adm-muted">{a.summary}</div>
            </div>
          ),
        },
        { key: 'topic', title: t('admin.community.topic'), render: (a) => (a.tag_id ? `#${topics.find((x) => x.id === a.tag_id)?.name ?? a.tag_id}` : '—') },
        {
          key: 'time',
          title: t('admin.community.time'),
          render: (a) => (
            <span className="adm-nowrap">
              {when(a.start_at)} – {when(a.end_at)}
            </span>
          ),
        },
        { key: 'sort', title: t('admin.catalog.sort'), align: 'right', render: (a) => a.sort },
      ]}
      fields={(a) => [
        { name: 'title', label: t('admin.community.title'), initial: a?.title ?? '' },
        { name: 'summary', label: t('admin.community.summary'), initial: a?.summary ?? '' },
        { name: 'rules', label: t('admin.community.rules'), kind: 'textarea', initial: a?.rules ?? '' },
        { kind: 'image', name: 'cover', label: t('admin.community.cover'), initial: a?.cover ?? '', hint: t('admin.catalog.assetHint') },
        {
          name: 'tag_id',
          label: t('admin.community.topic'),
          kind: 'select',
          initial: a?.tag_id ? String(a.tag_id) : '',
          options: [{ value: '', label: '—' }, ...topics.map((x) => ({ value: String(x.id), label: `#${x.name}` }))],
        },
        {
          name: 'start_at',
          label: t('admin.community.start'),
          initial: a ? when(a.start_at) : '',
          placeholder: '2026-12-01 20:00',
          hint: t('admin.community.timeHint'),
        },
        { name: 'end_at', label: t('admin.community.end'), initial: a ? when(a.end_at) : '', placeholder: '2026-12-31 23:59' },
        { name: 'sort', label: t('admin.catalog.sort'), kind: 'number', initial: String(a?.sort ?? 0) },
      ]}
      save={(v, a) =>
        save.mutateAsync({
          ...(a ? { id: a.id } : {}),
          title: v.title ?? '',
          summary: v.summary ?? '',
          rules: v.rules ?? '',
          cover: v.cover ?? '',
          tag_id: v.tag_id ? Number(v.tag_id) : null,
          start_at: isoOf(v.start_at),
          end_at: isoOf(v.end_at),
          sort: num(v.sort),
        })
      }
    />
  );
}
