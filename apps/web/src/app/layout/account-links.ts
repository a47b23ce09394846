import type { Role } from '@shop/shared/constants';
import { paths } from '../../config/paths';

/**
 * Links by role (docs/product.md, Page frame): user and signed-out see Products (/); admin sees the
 * Dashboard (their first screen), Products (/admin), Orders (/admin/orders), Settings and Pages.
 */
export function navLinks(role: Role | undefined): { name: string; to: string }[] {
  if (role === 'admin') {
    return [
      { name: 'Dashboard', to: paths.adminDashboard },
      { name: 'Products', to: paths.admin },
      { name: 'Orders', to: paths.adminOrders },
      { name: 'Settings', to: paths.adminSettings },
      { name: 'Pages', to: paths.adminPages },
    ];
  }
  return [{ name: 'Products', to: paths.home }];
}

export const accountLinks = [
  { name: 'My Profile', to: paths.profile },
  { name: 'My Orders', to: paths.orders },
  { name: 'Sign out', to: paths.logout },
] as const;
