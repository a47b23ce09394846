import { z } from 'zod';
import { addressListSchema } from './address.ts';
import { ROLES } from './constants.ts';

/** No consecutive dots, and none at either end of the local part. */
export const EMAIL_RE =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9._%+-]+(?<!\.)@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const NAME_RE = /^[\p{L}\s'-]+$/u;
export const PHONE_RE = /^\+?[1-9]\d{1,14}$/;
const PASSWORD_RE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;
export const PASSWORD_RULES_MESSAGE =
  'Password must be at least 8 characters and contain at least 1 uppercase letter, 1 lowercase letter and 1 digit';

const MAX_PASSWORD = 128;

export const loginBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Please enter a valid email')
    .regex(EMAIL_RE, 'Please enter a valid email'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(MAX_PASSWORD),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** `role` is accepted and ignored: the server always makes a user. */
export const signupBodySchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Invalid name')
    .regex(NAME_RE, 'Invalid name'),
  phoneNumber: z
    .string({ error: 'Phone required' })
    .trim()
    .min(1, 'Phone required')
    .regex(PHONE_RE, 'Invalid phone'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email')
    .regex(EMAIL_RE, 'Invalid email'),
  password: z
    .string({ error: 'Password required' })
    .min(1, 'Password required')
    .max(MAX_PASSWORD, 'Min 8 chars, 1 upper, 1 lower, 1 number')
    .regex(PASSWORD_RE, 'Min 8 chars, 1 upper, 1 lower, 1 number'),
  addresses: addressListSchema.optional(),
  role: z.enum(ROLES).optional(),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

export const signupFormSchema = signupBodySchema
  .omit({ addresses: true, role: true })
  .extend({ confirmPassword: z.string().min(1, 'Confirm password') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: "Passwords don't match",
  });
export type SignupForm = z.infer<typeof signupFormSchema>;

export const resetRequestBodySchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'email not valid')
    .regex(EMAIL_RE, 'email not valid'),
});
export type ResetRequestBody = z.infer<typeof resetRequestBodySchema>;

const newPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(MAX_PASSWORD, PASSWORD_RULES_MESSAGE)
  .regex(PASSWORD_RE, PASSWORD_RULES_MESSAGE);

export const resetPasswordBodySchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(254),
  token: z
    .string({ error: 'Invalid or expired reset link' })
    .min(1, 'Invalid or expired reset link')
    .max(200),
  password: newPassword,
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetPasswordFormSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string().min(1, 'Confirm Password is required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'password not matching',
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
