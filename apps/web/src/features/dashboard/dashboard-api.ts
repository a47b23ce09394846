import type { Dashboard } from '@shop/shared/order';
import { api, toQuery } from '../../lib/api-client';

export const dashboardApi = {
  get: (period: { from?: string; to?: string }, signal?: AbortSignal) =>
    api<Dashboard>(`/dashboard${toQuery(period)}`, { signal }),
};
