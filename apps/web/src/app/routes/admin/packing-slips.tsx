import { useSearchParams } from 'react-router';
import { PackingSlips } from '../../../features/order/admin/packing-slips';
import { useShopSettings } from '../../../features/settings/use-shop-settings';

export default function PackingSlipsPage() {
  const [params] = useSearchParams();
  const shop = useShopSettings();
  return <PackingSlips ids={params.get('ids') ?? ''} shop={shop} />;
}
