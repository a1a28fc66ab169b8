import { useState } from 'react';

/** A list's filter and page: changing the filter goes back to page 1. */
export function usePagedFilter<F>(initial: F) {
  const [filter, setFilterState] = useState<F>(initial);
  const [page, setPage] = useState(1);
  const setFilter = (f: F) => {
    setFilterState(f);
    setPage(1);
  };
  return { filter, setFilter, page, setPage };
}
