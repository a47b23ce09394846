import type { Courier } from './courier.ts';
import { createShiprocket } from './shiprocket.ts';

export interface CourierAccount {
  email: string;
  password: string;
  pickupLocation: string;
  updatedAt: Date;
}

/**
 * One Shiprocket client per saved account (decision 041), so its login token is reused until the
 * owner changes the account in Settings → Couriers.
 */
export function courierCache(baseUrl: string, timeoutMs?: number): (account: CourierAccount) => Courier {
  let cached: { key: string; courier: Courier } | undefined;
  return (account) => {
    const key = `${account.email}\n${account.updatedAt.getTime()}`;
    if (cached?.key !== key)
      cached = {
        key,
        courier: createShiprocket({ baseUrl, email: account.email, password: account.password, pickupLocation: account.pickupLocation, timeoutMs }),
      };
    return cached.courier;
  };
}
