import type { CSSProperties, ReactNode } from 'react';
import { useNavigate } from 'react-router';

export interface Entry {
  key: string;
  label: string;
  icon: ReactNode;
  /** Icon tile colours (a gradient pair). */
  tint: [string, string];
  to: string;
}

/** A card of round-tile shortcuts (four a row). */
export function EntryGrid({ title, entries }: { title: string; entries: Entry[] }) {
  const navigate = useNavigate();
  return (
    <section className="card entry-card">
      <div className="card-title">{title}</div>
      <div className="entry-grid" style={{ '--cols': Math.min(5, entries.length) } as CSSProperties}>
        {entries.map((e) => (
          <button key={e.key} type="button" className="entry" data-testid={`entry-${e.key}`} onClick={() => navigate(e.to)}>
            <span className="entry__icon" style={{ background: `linear-gradient(135deg, ${e.tint[0]}, ${e.tint[1]})` }}>
              {e.icon}
            </span>
            <span className="entry__label">{e.label}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
