import { PHONE_TEMPLATES, type PhoneTemplate } from '../jobs/queue.ts';

export { PHONE_TEMPLATES, type PhoneTemplate };

export interface PhoneMessage {
  /** The number as the shopper typed it in the address (`+91 98200 12345`, `098200 12345`, `9820012345`). */
  to: string;
  template: PhoneTemplate;
  params: Record<string, string>;
}

/** Messages to shoppers' phones: the outbox (files) or WhatsApp Cloud API (decision 038). */
export interface PhoneSender {
  send(msg: PhoneMessage): Promise<{ id: string }>;
  close?(): void;
}

/** A message that no retry can deliver (a number that is not one, a missing value, a 4xx from the provider). */
export class PermanentPhoneError extends Error {
  override name = 'PermanentPhoneError';
}

/**
 * docs/product.md, Cash on delivery: the words of each message, in one place. The outbox shows them;
 * the WhatsApp templates approved by Meta carry the same words with {{1}}, {{2}}… in the order the
 * values appear here (whatsappTemplateBody), which is the order the provider sends them in.
 */
export const PHONE_TEXTS: Record<PhoneTemplate, string> = {
  cod_confirm:
    'Hello {name}, please confirm your cash-on-delivery order #{orderId} of {amount} from {shopName}: {link} (by {confirmBy})',
  cod_reminder:
    'Reminder, {name}: your cash-on-delivery order #{orderId} of {amount} from {shopName} is not confirmed yet. Please confirm it: {link} (by {confirmBy}, or it is cancelled)',
  cod_cancelled:
    'Hello {name}, your cash-on-delivery order #{orderId} from {shopName} was cancelled because it was not confirmed in time.',
};

const PLACEHOLDER = /\{(\w+)\}/g;

/** The names of a template's values, in the order of its text: the order of the WhatsApp body parameters. */
export function templateParams(template: PhoneTemplate): string[] {
  return [...PHONE_TEXTS[template].matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** The body to submit to Meta for approval: the English text with positional variables. */
export function whatsappTemplateBody(template: PhoneTemplate): string {
  let n = 0;
  return PHONE_TEXTS[template].replace(PLACEHOLDER, () => `{{${++n}}}`);
}

// WhatsApp refuses a value with a line break, a tab or more than four spaces in a row; none is meant.
function cleanValue(value: string | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** The template's values in its text's order; a missing or empty one is permanent: the job holds no other. */
export function orderedParams(template: PhoneTemplate, params: Record<string, string>): string[] {
  if (!PHONE_TEMPLATES.includes(template))
    throw new PermanentPhoneError(`unknown phone template "${String(template)}"`);
  const names = templateParams(template);
  const values = names.map((name) => cleanValue(params[name]));
  const missing = names.filter((_, i) => !values[i]);
  if (missing.length) throw new PermanentPhoneError(`${template} needs ${missing.join(', ')}`);
  return values;
}

export function renderPhoneText(template: PhoneTemplate, params: Record<string, string>): string {
  const values = orderedParams(template, params);
  let i = 0;
  return PHONE_TEXTS[template].replace(PLACEHOLDER, () => values[i++]!);
}

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * A number as WhatsApp takes it: the country code and number, digits only (919820012345). Indian
 * numbers may come without the country code or with the trunk 0; others need their + (or 00).
 * Null for anything else: such a message can never be delivered.
 */
export function normalisePhoneNumber(input: string): string | null {
  const compact = input.trim().replace(/[\s().-]/g, '');
  const international = /^(?:\+|00)(\d+)$/.exec(compact)?.[1];
  if (international === undefined) {
    if (!/^\d+$/.test(compact)) return null;
    const national = compact.replace(/^0(?=\d{10}$)/, '').replace(/^91(?=\d{10}$)/, '');
    return INDIAN_MOBILE.test(national) ? `91${national}` : null;
  }
  if (international.startsWith('91')) {
    const national = international.slice(2).replace(/^0(?=\d{10}$)/, '');
    return INDIAN_MOBILE.test(national) ? `91${national}` : null;
  }
  return /^[1-9]\d{7,14}$/.test(international) ? international : null;
}

/** For logs and the failed-jobs list: the last four digits only. */
export function maskPhoneNumber(input: string): string {
  const digits = normalisePhoneNumber(input) ?? input.replace(/\D/g, '');
  return digits.length > 4 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : '****';
}

/** The number, normalised, or a permanent failure. */
export function phoneNumberOf(input: string): string {
  const number = normalisePhoneNumber(input);
  if (!number)
    throw new PermanentPhoneError(`"${maskPhoneNumber(input)}" is not a mobile number with its country code`);
  return number;
}
