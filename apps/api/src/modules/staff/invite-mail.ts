import { linkMail, type MailContent, type MailShop } from '../../mail/content.ts';

export function staffInviteMail(opts: { name: string; link: string; validHours: number; shop: MailShop; publicUrl: string }): MailContent {
  return linkMail({
    subject: `You are invited to the ${opts.shop.shopName} team`,
    name: opts.name,
    intro: `You are invited to help run the ${opts.shop.shopName} shop: orders, products and stock. Choose your password here:`,
    link: opts.link,
    button: 'Join the team',
    validity: `The link works once and for ${opts.validHours} hours. If you did not expect it, ignore this mail: no account is made.`,
    shop: opts.shop,
    publicUrl: opts.publicUrl,
  });
}
