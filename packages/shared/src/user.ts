import { z } from 'zod';
import { addressListSchema, type Address } from './address.ts';
import { NAME_RE, PHONE_RE, signupBodySchema } from './auth.ts';
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

/** Name and phone as the profile's details form edits them: both required, as at signup. */
export const profileDetailsFormSchema = z.object({
  name: signupBodySchema.shape.name,
  phoneNumber: signupBodySchema.shape.phoneNumber,
});
export type ProfileDetailsForm = z.infer<typeof profileDetailsFormSchema>;

const MAX_PASSWORD = 128;

/** docs/product.md, My Profile: the new password follows the signup rule. */
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(MAX_PASSWORD, 'Current password is incorrect'),
  password: signupBodySchema.shape.password,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string().min(1, 'Confirm password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

export const deleteAccountBodySchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(MAX_PASSWORD, 'Password is incorrect'),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

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
