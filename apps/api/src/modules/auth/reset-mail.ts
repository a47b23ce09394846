import { linkMail, type MailContent, type MailShop } from '../../mail/content.ts';

export function resetPasswordMail(opts: { name: string; link: string; validMinutes: number; shop: MailShop; publicUrl: string }): MailContent {
  const hours = opts.validMinutes % 60 === 0 ? opts.validMinutes / 60 : undefined;
  const validFor = hours === 1 ? '1 hour' : hours ? `${hours} hours` : `${opts.validMinutes} minutes`;
  return linkMail({
    subject: `Reset your ${opts.shop.shopName} password`,
    name: opts.name,
    intro: `Someone (we hope you!) asked to reset the password of your ${opts.shop.shopName} account. Choose a new one here:`,
    link: opts.link,
    button: 'Choose a new password',
    validity: `The link works once and for ${validFor}. If you did not ask for it, ignore this mail: your password stays as it is.`,
    shop: opts.shop,
    publicUrl: opts.publicUrl,
  });
}
