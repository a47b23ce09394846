import { z } from 'zod';
import { resetPasswordBodySchema, resetPasswordFormSchema, signupBodySchema } from './auth.ts';

/** docs/product.md, Staff: the owner invites by name and email, checked as at signup. */
export const staffInviteBodySchema = signupBodySchema.pick({ name: true, email: true });
export type StaffInviteBody = z.infer<typeof staffInviteBodySchema>;

// The password rules of signup and reset, with the reset form's words.
const invitePassword = resetPasswordBodySchema.shape.password;

export const staffAcceptBodySchema = z.object({
  token: z
    .string({ error: 'This invitation link is invalid or has expired' })
    .min(1, 'This invitation link is invalid or has expired')
    .max(200, 'This invitation link is invalid or has expired'),
  password: invitePassword,
});
export type StaffAcceptBody = z.infer<typeof staffAcceptBodySchema>;

export const staffAcceptFormSchema = resetPasswordFormSchema;
export type StaffAcceptForm = z.infer<typeof staffAcceptFormSchema>;

export interface StaffMember {
  id: number;
  name: string;
  email: string;
}

export interface StaffInvite {
  id: number;
  name: string;
  email: string;
  invitedAt: string;
  expiresAt: string;
}

export interface StaffList {
  staff: StaffMember[];
  invites: StaffInvite[];
}
