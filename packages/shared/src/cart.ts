import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { COLOR_RE } from './product.ts';

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(10_000, 'Quantity is too large');

export const cartAddBodySchema = z.object({
  product: z.number({ error: 'Product is required' }).int().positive('Product is required'),
  quantity: quantity.default(1),
  color: z
    .string({ error: MESSAGES.selectColor })
    .min(1, MESSAGES.selectColor)
    .regex(COLOR_RE, MESSAGES.selectColor),
  size: z.number({ error: MESSAGES.selectSize }).positive(MESSAGES.selectSize).max(1000, MESSAGES.selectSize),
});
export type CartAddBody = z.infer<typeof cartAddBodySchema>;

export const cartPatchBodySchema = z.object({ quantity });
export type CartPatchBody = z.infer<typeof cartPatchBodySchema>;

export interface CartItem {
  id: number;
  product: {
    id: number;
    title: string;
    brand: string;
    thumbnail: string;
    discountedPrice: number;
    price: number;
    discountPercentage: number;
    stock: number;
    deleted: boolean;
    category: string;
    hsn: string | null;
    gstRatePercent: number | null;
  };
  quantity: number;
  color: string;
  size: number;
}
