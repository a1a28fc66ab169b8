import { Tabs } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import './categoryTabs.css';

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
  categories: { id: number; name: string }[] | undefined;
  className?: string;
}) {
  const [, setParams] = useSearchParams();
  const active = useCategoryParam();
  return (
    <Tabs
      className={`live-tabs ${className}`}
      activeKey={active ? String(active) : ALL}
      onChange={(k) => setParams(k === ALL ? {} : { c: k }, { replace: true })}
      activeLineMode="fixed"
    >
      {[{ id: ALL, name: allLabel }, ...(categories ?? []).map((c) => ({ id: String(c.id), name: c.name }))].map((c) => (
        <Tabs.Tab key={c.id} title={c.name} />
      ))}
    </Tabs>
  );
}
