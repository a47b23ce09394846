import { SHOP_NAME } from '@shop/shared';
import { linkMail, type MailContent, type MailSigner } from '../../mail/content.ts';

export function staffInviteMail(opts: { name: string; link: string; validHours: number; shop: MailSigner }): MailContent {
  return linkMail({
    subject: `You are invited to the ${SHOP_NAME} team`,
    name: opts.name,
    intro: `You are invited to help run the ${SHOP_NAME} shop: orders, products and stock. Choose your password here:`,
    link: opts.link,
    button: 'Join the team',
    validity: `The link works once and for ${opts.validHours} hours. If you did not expect it, ignore this mail: no account is made.`,
    shop: opts.shop,
  });
}
