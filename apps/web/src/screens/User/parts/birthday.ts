/** 'YYYY-MM-DD' of a local date. */
export function toDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

export function fromDay(s: string | null | undefined): Date | null {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The ±10-year range of the date picker (seed §5), centred on the current value (or a typical
 * adult birthday when there is none) and never past today: opening it again from an edge walks further.
 */
export function birthdayRange(value: Date | null, today: Date = new Date()): { min: Date; max: Date; initial: Date } {
  const base = value ?? new Date(today.getFullYear() - 25, 0, 1);
  const min = new Date(base.getFullYear() - 10, base.getMonth(), base.getDate());
  const plus = new Date(base.getFullYear() + 10, base.getMonth(), base.getDate());
  const max = plus > today ? today : plus;
  return { min, max, initial: base > max ? max : base };
}
