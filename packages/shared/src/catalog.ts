import { z } from 'zod';

/** Body of POST /brands and POST /category: SPEC §3 sets label and value to the entered name. */
export const optionBodySchema = z.object({
  label: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name is too long'),
  value: z.string().trim().max(100, 'Name is too long').optional(),
});
export type OptionBody = z.infer<typeof optionBodySchema>;

/** A brand or category option (SPEC §3). */
export interface Option {
  id: number;
  label: string;
  value: string;
}

/**
 * Query of GET /brands and GET /category: `inUse=true` keeps only the options some live product
 * carries (the shopper's filters); without it every option is listed (the admin's form and list).
 */
export const optionListQuerySchema = z.object({
  inUse: z.enum(['true', 'false'], { error: 'inUse must be true or false' }).optional(),
});
export type OptionListQuery = z.infer<typeof optionListQuerySchema>;
