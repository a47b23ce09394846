import { useSearchParams } from 'react-router';
import { errorText } from '../../lib/error-text';
import { useGetDashboardQuery } from './dashboard-api';
import { readPeriod, type PresetKey } from './period';

/** The dashboard of the period in the URL; the last one answered stays, dimmed, while another period loads. */
export function useDashboard() {
  const [params, setParams] = useSearchParams();
  const period = readPeriod(params);
  const { data, error, isFetching } = useGetDashboardQuery({ from: period.from, to: period.to });
  return {
    data: data ?? null,
    error: error ? errorText(error) : null,
    loading: isFetching,
    period,
    choosePreset: (key: PresetKey) => setParams(key === '30' ? {} : { period: key }),
    chooseRange: (from: string, to: string) => setParams({ from, to }),
  };
}
