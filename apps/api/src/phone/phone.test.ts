import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv, repoRoot } from '../env.ts';
import {
  maskPhoneNumber,
  normalisePhoneNumber,
  orderedParams,
  PermanentPhoneError,
  PHONE_TEMPLATES,
  PHONE_TEXTS,
  phoneNumberOf,
  renderPhoneText,
  templateParams,
  whatsappTemplateBody,
} from './phone.ts';

const confirmParams = {
  name: 'Asha',
  orderId: '42',
  amount: '₹1,24,999',
  link: 'https://shop.example/orders/42/confirm?t=abc',
  shopName: 'Saree Pari',
  confirmBy: '27 Nov, 6:30 pm',
};

describe('normalisePhoneNumber', () => {
  it.each([
    ['+91 98200 12345', '919820012345'],
    ['098200 12345', '919820012345'],
    ['9820012345', '919820012345'],
    ['+919820012345', '919820012345'],
    ['91 98200 12345', '919820012345'],
    ['0091-98200-12345', '919820012345'],
    ['+91 (0) 98200 12345', '919820012345'],
    ['+91 098200 12345', '919820012345'],
    [' 7000012345 ', '917000012345'],
    ['+44 7700 900123', '447700900123'],
  ])('reads %j as %s', (input, expected) => {
    expect(normalisePhoneNumber(input)).toBe(expected);
  });

  it.each([
    '',
    'not a number',
    '12345',
    '5820012345',
    '+91 5820012345',
    '98200 1234',
    '98200 123456',
    '+91 98200 123456',
    '9820012345 ext 2',
    '+0 1234 5678',
  ])('refuses %j', (input) => {
    expect(normalisePhoneNumber(input)).toBeNull();
  });

  it('makes a number that cannot be normalised a permanent failure that names only its last digits', () => {
    expect(() => phoneNumberOf('98200 1234')).toThrow(PermanentPhoneError);
    expect(() => phoneNumberOf('98200 1234')).toThrow(
      '"*****1234" is not a mobile number with its country code',
    );
    expect(phoneNumberOf('098200 12345')).toBe('919820012345');
  });

  it('masks all but the last four digits', () => {
    expect(maskPhoneNumber('+91 98200 12345')).toBe('********2345');
    expect(maskPhoneNumber('123')).toBe('****');
  });
});

describe('the texts of the messages', () => {
  it('renders each template in plain English with its values', () => {
    expect(renderPhoneText('cod_confirm', confirmParams)).toBe(
      'Hello Asha, please confirm your cash-on-delivery order #42 of ₹1,24,999 from Saree Pari: https://shop.example/orders/42/confirm?t=abc (by 27 Nov, 6:30 pm)',
    );
    expect(renderPhoneText('cod_reminder', confirmParams)).toBe(
      'Reminder, Asha: your cash-on-delivery order #42 of ₹1,24,999 from Saree Pari is not confirmed yet. Please confirm it: https://shop.example/orders/42/confirm?t=abc (by 27 Nov, 6:30 pm, or it is cancelled)',
    );
    expect(renderPhoneText('cod_cancelled', { name: 'Asha', orderId: '42', shopName: 'Saree Pari' })).toBe(
      'Hello Asha, your cash-on-delivery order #42 from Saree Pari was cancelled because it was not confirmed in time.',
    );
  });

  it('takes the values in a fixed order per template, each once, and none at either end of the text', () => {
    expect(templateParams('cod_confirm')).toEqual([
      'name',
      'orderId',
      'amount',
      'shopName',
      'link',
      'confirmBy',
    ]);
    expect(templateParams('cod_reminder')).toEqual([
      'name',
      'orderId',
      'amount',
      'shopName',
      'link',
      'confirmBy',
    ]);
    expect(templateParams('cod_cancelled')).toEqual(['name', 'orderId', 'shopName']);
    for (const template of PHONE_TEMPLATES) {
      const names = templateParams(template);
      expect(new Set(names).size).toBe(names.length);
      // Meta refuses a template whose body starts or ends with a variable.
      expect(PHONE_TEXTS[template]).toMatch(/^[^{].*[^}]$/);
    }
  });

  it('gives the body to have approved by Meta with positional variables', () => {
    expect(whatsappTemplateBody('cod_cancelled')).toBe(
      'Hello {{1}}, your cash-on-delivery order #{{2}} from {{3}} was cancelled because it was not confirmed in time.',
    );
    expect(whatsappTemplateBody('cod_confirm')).toContain(
      'order #{{2}} of {{3}} from {{4}}: {{5}} (by {{6}})',
    );
  });

  it('makes a missing or empty value a permanent failure naming it, and ignores extra ones', () => {
    expect(() =>
      renderPhoneText('cod_confirm', {
        ...confirmParams,
        link: ' ',
        confirmBy: undefined as unknown as string,
      }),
    ).toThrow(new PermanentPhoneError('cod_confirm needs link, confirmBy'));
    expect(() => orderedParams('cod_welcome' as never, {})).toThrow(PermanentPhoneError);
    expect(
      orderedParams('cod_cancelled', { name: 'Asha', orderId: '7', shopName: 'Saree Pari', amount: '₹10' }),
    ).toEqual(['Asha', '7', 'Saree Pari']);
  });

  it('folds line breaks, tabs and runs of spaces in a value, which WhatsApp refuses, into one space', () => {
    expect(
      orderedParams('cod_cancelled', {
        name: ' Asha\n\tRao   Iyer ',
        orderId: '7',
        shopName: 'Saree Pari',
      })[0],
    ).toBe('Asha Rao Iyer');
  });
});

describe('the phone configuration', () => {
  const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/shop-data' } as const;

  it('defaults to the outbox in DATA_DIR/phone-outbox, beside the mail outbox', () => {
    expect(parseEnv(base).phone).toEqual({
      provider: 'outbox',
      outboxDir: join('/tmp/shop-data', 'phone-outbox'),
      whatsapp: undefined,
    });
    expect(
      parseEnv({ ...base, PHONE_PROVIDER: 'outbox', PHONE_OUTBOX_DIR: 'messages' }).phone.outboxDir,
    ).toBe(resolve(repoRoot(), 'messages'));
  });

  it('reads WhatsApp Cloud API settings with defaults for the base, version, language and template names', () => {
    const { phone } = parseEnv({
      ...base,
      PHONE_PROVIDER: 'whatsapp',
      WHATSAPP_TOKEN: 'EAAG-token',
      WHATSAPP_PHONE_NUMBER_ID: '1234567890',
    });
    expect(phone.provider).toBe('whatsapp');
    expect(phone.whatsapp).toEqual({
      token: 'EAAG-token',
      phoneNumberId: '1234567890',
      apiBase: 'https://graph.facebook.com',
      apiVersion: 'v21.0',
      language: 'en',
      templateNames: {
        cod_confirm: 'cod_confirm',
        cod_reminder: 'cod_reminder',
        cod_cancelled: 'cod_cancelled',
      },
    });
    const custom = parseEnv({
      ...base,
      PHONE_PROVIDER: 'whatsapp',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
      WHATSAPP_API_BASE: 'http://127.0.0.1:9999/',
      WHATSAPP_API_VERSION: 'v22.0',
      WHATSAPP_LANGUAGE: 'en_US',
      WHATSAPP_TEMPLATES: 'cod_confirm=kw_cod_confirm, cod_cancelled=kw_cancelled',
    }).phone.whatsapp;
    expect(custom).toMatchObject({
      apiBase: 'http://127.0.0.1:9999',
      apiVersion: 'v22.0',
      language: 'en_US',
      templateNames: {
        cod_confirm: 'kw_cod_confirm',
        cod_reminder: 'cod_reminder',
        cod_cancelled: 'kw_cancelled',
      },
    });
  });

  it('refuses to start with WhatsApp chosen but its token or number id missing', () => {
    expect(() => parseEnv({ ...base, PHONE_PROVIDER: 'whatsapp' })).toThrow(
      'Invalid configuration: PHONE_PROVIDER=whatsapp needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID',
    );
    expect(() => parseEnv({ ...base, PHONE_PROVIDER: 'whatsapp', WHATSAPP_TOKEN: 't' })).toThrow(
      /needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID/,
    );
  });

  it('refuses WhatsApp credentials without PHONE_PROVIDER, which would leave messages in the outbox unnoticed', () => {
    expect(() => parseEnv({ ...base, WHATSAPP_TOKEN: 't', WHATSAPP_PHONE_NUMBER_ID: '1' })).toThrow(
      /WHATSAPP_TOKEN is set but PHONE_PROVIDER is not/,
    );
    expect(parseEnv({ ...base, PHONE_PROVIDER: 'outbox', WHATSAPP_TOKEN: 't' }).phone.provider).toBe(
      'outbox',
    );
  });

  it('refuses a malformed version, language or template name', () => {
    const whatsapp = {
      ...base,
      PHONE_PROVIDER: 'whatsapp',
      WHATSAPP_TOKEN: 't',
      WHATSAPP_PHONE_NUMBER_ID: '1',
    };
    expect(() => parseEnv({ ...whatsapp, WHATSAPP_API_VERSION: '21' })).toThrow(/WHATSAPP_API_VERSION/);
    expect(() => parseEnv({ ...whatsapp, WHATSAPP_LANGUAGE: 'English' })).toThrow(/WHATSAPP_LANGUAGE/);
    expect(() => parseEnv({ ...whatsapp, WHATSAPP_TEMPLATES: 'cod_welcome=x' })).toThrow(
      /WHATSAPP_TEMPLATES: cod_welcome=x is not/,
    );
    expect(() => parseEnv({ ...whatsapp, WHATSAPP_TEMPLATES: 'cod_confirm=Has Spaces' })).toThrow(
      /WHATSAPP_TEMPLATES/,
    );
    expect(() => parseEnv({ ...whatsapp, WHATSAPP_API_BASE: 'ftp://x' })).toThrow(/WHATSAPP_API_BASE/);
  });
});
