import { errorText } from '../../lib/error-text';
import { useGetAdminShopSettingsQuery } from './settings-api';

export function useAdminShopSettings() {
  const { data: settings, error } = useGetAdminShopSettingsQuery();
  return { settings, error: error && errorText(error) };
}
