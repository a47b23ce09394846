import { z } from 'zod';

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);

/** Every field required, no format rules (docs/product.md, Validation). */
export const addressSchema = z.object({
  name: required('Name is required', 100),
  email: required('Email is required', 254),
  phone: required('Phone is required', 20),
  street: required('Street is required', 300),
  city: required('City is required', 100),
  state: required('State is required', 100),
  pinCode: required('PIN Code is required', 12),
});
export type Address = z.infer<typeof addressSchema>;

const MAX_ADDRESSES = 20;
export const addressListSchema = z
  .array(addressSchema)
  .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses`);
