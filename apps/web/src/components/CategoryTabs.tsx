import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import './categoryTabs.css';
import type { Names } from '@app/contract';
import { useLocalName } from '../locale/serverText';

const ALL = 'all';

/** The category chosen in the URL (`?c=`), null for "all": Back and a reload keep it. */
export function useCategoryParam(): number | null {
  const [params] = useSearchParams();
  return Number(params.get('c')) || null;
}

/** Category tabs with an "all" tab first; the choice is written to the URL (`?c=`, replacing the entry). */
export function CategoryTabs({
  allLabel,
  categories,
  className = '',
}: {
  allLabel: string;
  categories: { id: number; name: string; names?: Names }[] | undefined;
  className?: string;
}) {
  const [, setParams] = useSearchParams();
  const active = useCategoryParam();
  const local = useLocalName();
  return (
    <Tabs
      className={`live-tabs ${className}`}
      activeKey={active ? String(active) : ALL}
      onChange={(k) => setParams(k === ALL ? {} : { c: k }, { replace: true })}
      activeLineMode="fixed"
    >
      {[{ id: ALL, name: allLabel }, ...(categories ?? []).map((c) => ({ id: String(c.id), name: local(c) }))].map((c) => (
        <Tabs.Tab key={c.id} title={c.name} />
      ))}
    </Tabs>
  );
}
