import type { ReactNode } from 'react';

export type ChipTone = 'ok' | 'wait' | 'bad' | 'muted';

/** A small coloured status label (paid, pending, rejected…). */
export function StatusChip({ tone, children }: { tone: ChipTone; children: ReactNode }) {
  return <span className={`chip chip--${tone}`}>{children}</span>;
}
