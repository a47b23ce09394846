import type { Role } from '@shop/shared/constants';
import { paths } from '../../config/paths';

/**
 * SPEC §2 links by role: user and signed-out see Products (/); admin sees Products (/admin) and
 * Orders (/admin/orders), after the Dashboard, the admin's first screen (issue 16), and Settings (issue 15).
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

/** SPEC §2 signed-in menu. */
export const accountLinks = [
  { name: 'My Profile', to: paths.profile },
  { name: 'My Orders', to: paths.orders },
  { name: 'Sign out', to: paths.logout },
] as const;
