import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../lib/error-text';
import { useDebounced } from '../../../lib/use-debounced';
import { CUSTOMERS_PAGE_SIZE, useListCustomersQuery } from '../customers-api';

/** The search as typed settles for this long before it is asked. */
const SEARCH_WAIT_MS = 300;

/** The customers list of the URL (`?search=`, `?page=`); typing in the box starts again at page 1. */
export function useCustomers() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const [typed, setTyped] = useState(search);
  const settled = useDebounced(typed, SEARCH_WAIT_MS);
  const top = useRef<HTMLDivElement>(null);

  // Only new typing writes the URL: going back to an older search is not undone by the box.
  const applied = useRef(settled);
  useEffect(() => {
    if (settled === applied.current) return;
    applied.current = settled;
    if (settled.trim() === search.trim()) return;
    const next = new URLSearchParams(params);
    if (settled.trim()) next.set('search', settled);
    else next.delete('search');
    next.delete('page');
    setParams(next, { replace: true });
  }, [settled, search, params, setParams]);

  const { currentData, error, isFetching } = useListCustomersQuery({ search, page });

  function goToPage(p: number) {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
    top.current?.scrollIntoView({ block: 'start' });
  }

  return {
    typed,
    setTyped,
    search,
    page,
    pageSize: CUSTOMERS_PAGE_SIZE,
    data: currentData ?? null,
    error: error && !currentData ? errorText(error) : null,
    loading: isFetching,
    goToPage,
    top,
  };
}
