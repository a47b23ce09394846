import { z } from 'zod';
import { gstinSchema, gstinStateName, isValidGstin } from './gst.ts';
import { gstStateCodes, indianStateOf } from './indian-states.ts';
import { gstinStateMismatchMessage, MESSAGES } from './messages.ts';

const required = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);
const absentWhenEmpty = <T extends string>(v: T | undefined) => (v === '' ? undefined : v);

/** Every field required, no format rules (docs/product.md, Validation); a business buyer adds a GSTIN. */
export const addressSchema = z
  .object({
    name: required('Name is required', 100),
    email: required('Email is required', 254),
    phone: required('Phone is required', 20),
    street: required('Street is required', 300),
    city: required('City is required', 100),
    state: required('State is required', 100),
    pinCode: required('PIN Code is required', 12),
    gstin: gstinSchema.transform(absentWhenEmpty).optional(),
    businessName: z.string({ error: 'Invalid business name' }).trim().max(200, 'At most 200 characters').transform(absentWhenEmpty).optional(),
  })
  .superRefine((a, ctx) => {
    // Zod runs this even when the field failed its shape: the shape's message is enough then.
    if (!a.gstin || !gstinSchema.safeParse(a.gstin).success) return;
    if (!isValidGstin(a.gstin)) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: MESSAGES.gstinCheckCharacter });
      return;
    }
    // The place of supply is the delivery state (IGST Act s.10(1)(a)); a GSTIN of another state would
    // put the buyer's credit in the wrong state, so it is refused rather than printed.
    const delivery = indianStateOf(a.state);
    const codes: readonly string[] = delivery ? gstStateCodes(delivery) : [];
    if (!codes.includes(a.gstin.slice(0, 2))) {
      ctx.addIssue({
        code: 'custom',
        path: ['gstin'],
        message: gstinStateMismatchMessage(delivery ?? a.state, codes[0], gstinStateName(a.gstin)),
      });
    }
  });
export type Address = z.infer<typeof addressSchema>;
/** What the form holds before parsing: a GSTIN typed in lower case or left empty. */
export type AddressInput = z.input<typeof addressSchema>;

const MAX_ADDRESSES = 20;
export const addressListSchema = z
  .array(addressSchema)
  .max(MAX_ADDRESSES, `At most ${MAX_ADDRESSES} addresses`);
