import { sql, type SelectQueryBuilder } from 'kysely';

/** What a page's query is, once its columns and order are chosen: a query that can be limited. */
interface Pageable<O> {
  limit(n: number): { offset(n: number): { execute(): Promise<O[]> } };
}

/**
 * One page of a list and the size of the whole list (`page` from 1, as the contract's paging
 * gives it): `base` holds the tables, joins and filters both share, and no columns or order;
 * `rows` adds the page's columns and its order (a join only the columns need goes there too).
 * The count is `count(*)` over `base` alone, so it sees the same filters and never an order by,
 * a limit or an offset. A page past the end is empty with the whole list's total. The page and
 * the count run side by side (on one transaction's connection they are queued).
 */
export async function pageOf<DB, TB extends keyof DB, O>(
  base: SelectQueryBuilder<DB, TB, object>,
  rows: (base: SelectQueryBuilder<DB, TB, object>) => Pageable<O>,
  page: number,
  size: number,
): Promise<{ rows: O[]; total: number }> {
  const [list, count] = await Promise.all([
    rows(base)
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    base
      .select(sql<number | string>`count(*)`.as('n'))
      .$castTo<{ n: number | string }>()
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(count.n) };
}
