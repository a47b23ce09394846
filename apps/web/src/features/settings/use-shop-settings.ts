import { useEffect } from 'react';
import type { PublicShopSettings } from '@shop/shared/settings';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { fetchShopSettings, selectShopSettings, selectShopSettingsStatus } from './settings-slice';

/**
 * The shop's public details (legal name, address, state, GSTIN, grievance officer, support), read once
 * per visit by whichever component asks first; undefined until they arrive (or if the read failed).
 */
export function useShopSettings(): PublicShopSettings | undefined {
  const dispatch = useAppDispatch();
  const settings = useAppSelector(selectShopSettings);
  const status = useAppSelector(selectShopSettingsStatus);
  useEffect(() => {
    if (status === 'idle') void dispatch(fetchShopSettings());
  }, [dispatch, status]);
  return settings;
}
