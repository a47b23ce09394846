import { z } from 'zod';
import { GUEST_CART_MAX_LINES } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { COLOR_RE } from './product.ts';
import type { SizeUnit, VariantRef } from './variants.ts';

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
  /** New clients may name the variant; its colour and size must still be the body's. */
  variant: z.number({ error: 'Variant is a number' }).int().positive('Variant is a number').optional(),
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
    sizeUnit: SizeUnit;
  };
  quantity: number;
  color: string;
  size: number;
  /** The colour × size sold, for a product with stock per variant (`product.stock` and prices are then its own). */
  variant: VariantRef | null;
}


export const guestCartBodySchema = z.object({
  items: z
    .array(cartAddBodySchema.extend({ quantity }), { error: 'Items are required' })
    .max(GUEST_CART_MAX_LINES, `A cart holds at most ${GUEST_CART_MAX_LINES} lines`),
});
export type GuestCartBody = z.infer<typeof guestCartBodySchema>;

/**
 * What became of a guest line: `capped` to the stock left, `out_of_stock`, or `unavailable` (the product,
 * its colour or its size is no longer sold).
 */
export interface GuestCartChange {
  product: number;
  title: string;
  color: string;
  size: number;
  asked: number;
  kept: number;
  reason: 'capped' | 'out_of_stock' | 'unavailable';
}

/** A guest cart priced by the server (`id` is the line's place in the list, from 1), or an account's cart after a merge. */
export interface GuestCartReply {
  items: CartItem[];
  changes: GuestCartChange[];
}
