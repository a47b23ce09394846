import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  accepted,
  graphError,
  startWhatsAppStandIn,
  type WhatsAppStandIn,
} from '../../test/whatsapp-stand-in.ts';
import { createPhoneSender } from './index.ts';
import { PermanentPhoneError } from './phone.ts';
import { createWhatsAppPhone, type WhatsAppConfig } from './whatsapp.ts';

let standIn: WhatsAppStandIn;
let config: WhatsAppConfig;
beforeAll(async () => {
  standIn = await startWhatsAppStandIn();
  config = {
    token: 'EAAG-test-token',
    phoneNumberId: '106540352242922',
    apiBase: standIn.url,
    apiVersion: 'v21.0',
    language: 'en',
    templateNames: {
      cod_confirm: 'cod_confirm',
      cod_reminder: 'kw_cod_reminder',
      cod_cancelled: 'cod_cancelled',
    },
  };
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.requests.length = 0;
  standIn.answer(accepted);
});

const confirm = {
  to: '+91 98200 12345',
  template: 'cod_confirm',
  params: {
    name: 'Asha',
    orderId: '42',
    amount: '₹1,24,999',
    link: 'https://shop.example/orders/42/confirm?t=abc',
    shopName: 'Saree Pari',
    confirmBy: '27 Nov, 6:30 pm',
  },
} as const;

describe('the WhatsApp Cloud API provider', () => {
  it('posts the template to /{version}/{phone-number-id}/messages with the bearer token and returns the message id', async () => {
    const { id } = await createWhatsAppPhone(config).send(confirm);
    expect(id).toMatch(/^wamid\.test\d+$/);
    const [req] = await standIn.waitForRequests(1);
    expect(req).toMatchObject({ method: 'POST', path: '/v21.0/106540352242922/messages' });
    expect(req!.headers.authorization).toBe('Bearer EAAG-test-token');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '919820012345',
      type: 'template',
      template: {
        name: 'cod_confirm',
        language: { code: 'en' },
        components: [
          {
            type: 'body',
            parameters: [
              'Asha',
              '42',
              '₹1,24,999',
              'Saree Pari',
              'https://shop.example/orders/42/confirm?t=abc',
              '27 Nov, 6:30 pm',
            ].map((text) => ({ type: 'text', text })),
          },
        ],
      },
    });
  });

  it('uses the configured template name and language', async () => {
    await createWhatsAppPhone({ ...config, language: 'en_US' }).send({
      ...confirm,
      template: 'cod_reminder',
      to: '9820012345',
    });
    const [req] = await standIn.waitForRequests(1);
    expect(req!.body).toMatchObject({
      to: '919820012345',
      template: { name: 'kw_cod_reminder', language: { code: 'en_US' } },
    });
  });

  it('makes a 400 a permanent failure carrying Meta’s message and code', async () => {
    standIn.answer(() =>
      graphError(400, 132000, '(#132000) Number of parameters does not match the expected number of params'),
    );
    const sent = createWhatsAppPhone(config).send(confirm);
    await expect(sent).rejects.toThrow(PermanentPhoneError);
    await expect(sent).rejects.toThrow(
      'WhatsApp answered 400: (#132000) Number of parameters does not match the expected number of params (code 132000)',
    );
  });

  it('makes an expired token (401) permanent too: retrying cannot mend it', async () => {
    standIn.answer(() => graphError(401, 190, 'Error validating access token'));
    await expect(createWhatsAppPhone(config).send(confirm)).rejects.toThrow(PermanentPhoneError);
  });

  it.each([
    ['429', graphError(429, 4, '(#4) Application request limit reached')],
    ['500', graphError(500, 1, 'An unknown error occurred')],
    ['503 without a JSON body', { status: 503, body: 'upstream unavailable' }],
    ['400 that is Meta’s rate limit', graphError(400, 130429, '(#130429) Rate limit hit')],
  ])('leaves a %s to the queue’s retries', async (_, answer) => {
    standIn.answer(() => answer);
    const sent = createWhatsAppPhone(config).send(confirm);
    await expect(sent).rejects.toThrow(/^WhatsApp answered \d{3}/);
    await expect(sent).rejects.not.toBeInstanceOf(PermanentPhoneError);
  });

  it('refuses a number that cannot be normalised or a missing value without calling Meta', async () => {
    const phone = createWhatsAppPhone(config);
    await expect(phone.send({ ...confirm, to: '98200' })).rejects.toThrow(PermanentPhoneError);
    await expect(phone.send({ ...confirm, params: { ...confirm.params, link: '' } })).rejects.toThrow(
      new PermanentPhoneError('cod_confirm needs link'),
    );
    expect(standIn.requests).toHaveLength(0);
  });

  it('leaves an unreachable server to the retries', async () => {
    const closed = await startWhatsAppStandIn();
    await closed.close();
    const sent = createWhatsAppPhone({ ...config, apiBase: closed.url }).send(confirm);
    await expect(sent).rejects.toThrow();
    await expect(sent).rejects.not.toBeInstanceOf(PermanentPhoneError);
  });

  it('is what the factory gives with PHONE_PROVIDER=whatsapp', async () => {
    await createPhoneSender({ provider: 'whatsapp', outboxDir: '/nonexistent', whatsapp: config }).send(
      confirm,
    );
    expect(await standIn.waitForRequests(1)).toHaveLength(1);
  });
});
