import { z } from 'zod';

export const optionBodySchema = z.object({
  label: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name is too long'),
  value: z.string().trim().max(100, 'Name is too long').optional(),
});
export type OptionBody = z.infer<typeof optionBodySchema>;

export interface Option {
  id: number;
  label: string;
  value: string;
}

/** `inUse=true`: only options a live product carries (the shopper's filters); else all (the admin's). */
export const optionListQuerySchema = z.object({
  inUse: z.enum(['true', 'false'], { error: 'inUse must be true or false' }).optional(),
});
