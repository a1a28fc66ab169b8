import type { Names } from '@app/contract';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useLocalName } from '../../../locale/serverText';
import '../../../components/categoryTabs.css';

const FOLLOW = 'follow';
const ALL = 'all';

/** The live page's tab from the URL (`?c=follow`, `?c=<category id>`, nothing: 推荐, every open room). */
export function useLiveTab(): { following: boolean; categoryId: number | null } {
  const [params] = useSearchParams();
  const c = params.get('c');
  return { following: c === FOLLOW, categoryId: Number(c) || null };
}

/** 关注 · 推荐 (every open room) · the categories (the seed's first is 热门); the choice is written to the URL (replacing the entry), so Back and a reload keep it. */
export function LiveTabs({ categories }: { categories: { id: number; name: string; names?: Names }[] | undefined }) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  const { following, categoryId } = useLiveTab();
  const local = useLocalName();
  const active = following ? FOLLOW : categoryId ? String(categoryId) : ALL;
  const tabs = [
    { id: FOLLOW, name: t('board.following') },
    { id: ALL, name: t('live.all') },
    ...(categories ?? []).map((c) => ({ id: String(c.id), name: local(c) })),
  ];
  return (
    <Tabs className="live-tabs" activeKey={active} onChange={(k) => setParams(k === ALL ? {} : { c: k }, { replace: true })} activeLineMode="fixed">
      {tabs.map((c) => (
        <Tabs.Tab key={c.id} title={<span data-testid={`live-tab-${c.id}`}>{c.name}</span>} />
      ))}
    </Tabs>
  );
}
