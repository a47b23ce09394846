import type { PhoneConfig } from '../env.ts';
import { createOutboxPhone } from './outbox.ts';
import type { PhoneSender } from './phone.ts';
import { createWhatsAppPhone } from './whatsapp.ts';

export { createOutboxPhone } from './outbox.ts';
export { createWhatsAppPhone, type WhatsAppConfig } from './whatsapp.ts';
export * from './phone.ts';

/** PHONE_PROVIDER: the outbox unless the shop configured WhatsApp Cloud API (decision 038). */
export function createPhoneSender(config: PhoneConfig, log?: (msg: string) => void): PhoneSender {
  if (config.provider === 'whatsapp' && config.whatsapp) return createWhatsAppPhone(config.whatsapp);
  return createOutboxPhone({ outboxDir: config.outboxDir, log });
}
