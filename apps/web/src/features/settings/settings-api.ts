import type { PublicShopSettings, ShopSettings } from '@shop/shared/settings';
import { api } from '../../lib/api-client';

export const settingsApi = {
  public: () => api<PublicShopSettings>('/settings'),
  admin: () => api<ShopSettings>('/settings/admin'),
  save: (settings: ShopSettings) => api<ShopSettings>('/settings', { method: 'PUT', body: settings }),
};
