import {
  orderedParams,
  PermanentPhoneError,
  phoneNumberOf,
  type PhoneSender,
  type PhoneTemplate,
} from './phone.ts';

export interface WhatsAppConfig {
  token: string;
  phoneNumberId: string;
  /** https://graph.facebook.com, or a stand-in under tests. */
  apiBase: string;
  apiVersion: string;
  /** The language the templates were approved in (`en`, `en_US`, `hi`…). */
  language: string;
  /** The approved templates' names, when the shop's differ from ours. */
  templateNames: Record<PhoneTemplate, string>;
}

interface GraphReply {
  messages?: { id?: string }[];
  error?: { message?: string; type?: string; code?: number };
}

// Throttling and Meta's own outages, which Meta may answer with a 400: worth the queue's retries.
// 2 service unavailable, 4 app call limit, 80007 account rate limit, 130429 throughput, 131016 overloaded, 131056 pair rate limit.
const RETRYABLE_CODES = new Set([2, 4, 80007, 130429, 131016, 131056]);
const TIMEOUT_MS = 15_000;

/** Meta's WhatsApp Cloud API: approved template messages to the shopper's number (decision 038). */
export function createWhatsAppPhone(config: WhatsAppConfig): PhoneSender {
  const url = `${config.apiBase.replace(/\/+$/, '')}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    async send({ to, template, params }) {
      const body = {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: phoneNumberOf(to),
        type: 'template',
        template: {
          name: config.templateNames[template],
          language: { code: config.language },
          components: [
            {
              type: 'body',
              parameters: orderedParams(template, params).map((text) => ({ type: 'text', text })),
            },
          ],
        },
      };
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const reply = (await res.json().catch(() => ({}))) as GraphReply;
      const id = reply.messages?.[0]?.id;
      if (res.ok && id) return { id };
      const error = reply.error;
      const what = `WhatsApp answered ${res.status}${error?.message ? `: ${error.message}` : ''}${error?.code === undefined ? '' : ` (code ${error.code})`}`;
      if (res.ok) throw new Error(`${what} without a message id`);
      const retryable =
        res.status === 429 ||
        res.status >= 500 ||
        (error?.code !== undefined && RETRYABLE_CODES.has(error.code));
      throw retryable ? new Error(what) : new PermanentPhoneError(what);
    },
  };
}
