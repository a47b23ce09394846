import type { PublicShopSettings } from '@shop/shared/settings';
import { ASK_ONCE } from '../../lib/base-api';
import { useGetShopSettingsQuery } from './settings-api';

/**
 * The shop's public details (legal name, address, state, GSTIN, grievance officer, support), one read
 * per visit for every component that asks; undefined until they arrive (or if the read failed).
 */
export function useShopSettings(): PublicShopSettings | undefined {
  return useGetShopSettingsQuery(undefined, ASK_ONCE).data;
}
