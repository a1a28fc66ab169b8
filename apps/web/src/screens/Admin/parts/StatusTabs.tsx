import { Tabs } from 'antd-mobile';

/** Tabs over a list's status (pending / approved / rejected…), left-aligned as on a desktop page. */
export function StatusTabs<S extends string>({ value, onChange, tabs }: { value: S; onChange: (s: S) => void; tabs: [S, string][] }) {
  return (
    <Tabs stretch={false} activeKey={value} onChange={(k) => onChange(k as S)}>
      {tabs.map(([key, title]) => (
        <Tabs.Tab key={key} title={title} />
      ))}
    </Tabs>
  );
}

/** The tabs of a review queue: pending, approved (or another word for it), rejected. */
export const reviewTabs = (
  t: (k: 'admin.status.pending' | 'admin.status.approved' | 'admin.status.rejected') => string,
  approved?: string,
): ['pending' | 'approved' | 'rejected', string][] => [
  ['pending', t('admin.status.pending')],
  ['approved', approved ?? t('admin.status.approved')],
  ['rejected', t('admin.status.rejected')],
];
