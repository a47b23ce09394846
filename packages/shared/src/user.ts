import { z } from 'zod';
import { addressListSchema, type Address } from './address.ts';
import { NAME_RE, PHONE_RE } from './auth.ts';
import type { Role } from './constants.ts';

/** Body of PATCH /users/:id: only these are applied; role, email, password and the rest are dropped. */
export const userPatchSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Invalid name').regex(NAME_RE, 'Invalid name').optional(),
  phoneNumber: z.string().trim().min(1, 'Phone required').regex(PHONE_RE, 'Invalid phone').optional(),
  addresses: addressListSchema.optional(),
});
export type UserPatch = z.infer<typeof userPatchSchema>;

/** A user as the API sends it (SPEC §3): never a password hash or token. */
export interface User {
  id: number;
  name: string;
  email: string;
  phoneNumber: string;
  role: Role;
  imageUrl: string;
  addresses: Address[];
}

/** SPEC §3: the first address's name is the display name, else User. */
export function displayName(user: Pick<User, 'addresses'> | null | undefined): string {
  return user?.addresses[0]?.name || 'User';
}
