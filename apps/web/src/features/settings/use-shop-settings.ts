import { useEffect, useState } from 'react';
import type { PublicShopSettings } from '@shop/shared/settings';
import { api } from '../../lib/api-client';

let settings: Promise<PublicShopSettings> | undefined;

/** The shop's public settings (GET /api/settings), read once per visit; undefined until they arrive. */
export function useShopSettings(): PublicShopSettings | undefined {
  const [value, setValue] = useState<PublicShopSettings>();
  useEffect(() => {
    let active = true;
    settings ??= api<PublicShopSettings>('/settings');
    settings.then(
      (s) => active && setValue(s),
      () => {
        settings = undefined; // tried again on the next page
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return value;
}
