/**
 * At most `max` of `items`, spread evenly over the list and in its order, every item `keep` says
 * must stay kept first (gifts in a chat storm). Fewer than `max` items come back as they are.
 */
export function thinEvenly<T>(items: readonly T[], max: number, keep: (item: T) => boolean): T[] {
  if (items.length <= max) return [...items];
  const must = new Set(items.filter(keep).slice(0, max));
  const room = max - must.size;
  const rest = items.filter((x) => !must.has(x));
  const picked = new Set<T>(must);
  for (let i = 0; i < room; i++) picked.add(rest[Math.floor((i * rest.length) / room)]!);
  return items.filter((x) => picked.has(x));
}
