import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Dashboard } from '@shop/shared/order';
import { dashboardApi } from './dashboard-api';
import { readPeriod, type PresetKey } from './period';

/** The dashboard of the period in the URL, fetched again whenever the period changes. */
export function useDashboard() {
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params);
  const [data, setData] = useState<Dashboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const ctrl = new AbortController();
    setLoading(true);
    dashboardApi
      .get({ from: period.from, to: period.to }, ctrl.signal)
      .then((d) => {
        setData(d);
        setError(null);
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (ctrl.signal.aborted) return;
        setError(e instanceof Error ? e.message : 'Something went wrong');
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [period.from, period.to]);

  return {
    data,
    error,
    loading,
    period,
    choosePreset: (key: PresetKey) => setParams(key === '30' ? {} : { period: key }),
    chooseRange: (from: string, to: string) => setParams({ from, to }),
  };
}
