import { z } from 'zod';
import { addressListSchema, type Address } from './address.ts';
import { NAME_RE, PHONE_RE } from './auth.ts';
import type { Role } from './constants.ts';

/** Only these are applied: role, email, password and the rest are dropped. */
export const userPatchSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Invalid name')
    .regex(NAME_RE, 'Invalid name')
    .optional(),
  phoneNumber: z.string().trim().min(1, 'Phone required').regex(PHONE_RE, 'Invalid phone').optional(),
  addresses: addressListSchema.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

/** Never a password hash or token. */
export interface User {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  imageUrl: string;
  addresses: Address[];
}

export function displayName(user: Pick<User, 'addresses'> | null | undefined): string {
  return user?.addresses[0]?.name || 'User';
}

export const DEFAULT_AVATAR_URL = '/avatar.svg';

export function toUser(row: Omit<User, 'imageUrl'> & { imageUrl: string | null }): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    role: row.role,
    imageUrl: row.imageUrl || DEFAULT_AVATAR_URL,
    addresses: row.addresses,
  };
}
