import type { Address } from '@shop/shared/address';

const FIELDS = ['name', 'email', 'phone', 'street', 'city', 'state', 'pinCode'] as const;
const same = (a: Address, b: Address) => FIELDS.every((f) => a[f].trim() === b[f].trim());

/**
 * The saved address checkout starts with: the one the last order went to, else the only one, else
 * none (the shopper chooses). `last` undefined means the last order is not known yet.
 */
export function defaultAddressIndex(addresses: readonly Address[], last: Address | null | undefined): number | null {
  if (last) {
    const i = addresses.findIndex((a) => same(a, last));
    if (i >= 0) return i;
  }
  if (addresses.length === 1) return 0;
  return null;
}
