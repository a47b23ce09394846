import type { Role } from '@shop/shared/constants';
import { paths } from '../../config/paths';

/**
 * Links by role (docs/product.md, Page frame): user and signed-out see Products (/); staff see the
 * Dashboard (their first screen), Products (/admin), Orders (/admin/orders), Returns (/admin/returns),
 * Reviews (/admin/reviews) and Customers (/admin/customers);
 * the owner (admin) also Promotions, Settings, Pages and Staff.
 */
export function navLinks(role: Role | undefined): { name: string; to: string }[] {
  const work = [
    { name: 'Dashboard', to: paths.adminDashboard },
    { name: 'Products', to: paths.admin },
    { name: 'Orders', to: paths.adminOrders },
    { name: 'Returns', to: paths.adminReturns },
    { name: 'Reviews', to: paths.adminReviews },
    { name: 'Customers', to: paths.adminCustomers },
  ];
  if (role === 'admin') {
    return [
      ...work,
      { name: 'Promotions', to: paths.adminPromotions },
      { name: 'Settings', to: paths.adminSettings },
      { name: 'Pages', to: paths.adminPages },
      { name: 'Staff', to: paths.adminStaff },
    ];
  }
  if (role === 'staff') return work;
  return [{ name: 'Products', to: paths.home }];
}

export const accountLinks = [
  { name: 'My Profile', to: paths.profile },
  { name: 'My Orders', to: paths.orders },
  { name: 'My Wishlist', to: paths.wishlist },
  { name: 'Sign out', to: paths.logout },
] as const;
