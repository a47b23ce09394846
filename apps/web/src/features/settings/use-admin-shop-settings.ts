import { useEffect, useState } from 'react';
import type { ShopSettings } from '@shop/shared/settings';
import { errorText } from '../../lib/thunk';
import { settingsApi } from './settings-api';

/** Every shop setting, for the admin's Shop Settings page: read once when the page opens. */
export function useAdminShopSettings() {
  const [settings, setSettings] = useState<ShopSettings>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    settingsApi.admin().then(
      (s) => live && setSettings(s),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, []);
  return { settings, error };
}
