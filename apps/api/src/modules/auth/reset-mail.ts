import { SHOP_NAME, TAGLINE } from '@shop/shared';
import { escapeHtml, signatureLines, type MailContent, type MailSigner } from '../../mail/content.ts';

export function resetPasswordMail(opts: { name: string; link: string; validMinutes: number; shop: MailSigner }): MailContent {
  const name = opts.name.trim() || 'there';
  const hours = opts.validMinutes % 60 === 0 ? opts.validMinutes / 60 : undefined;
  const validFor = hours === 1 ? '1 hour' : hours ? `${hours} hours` : `${opts.validMinutes} minutes`;
  const subject = `Reset your ${SHOP_NAME} password`;
  const text = [
    `Namaste ${name},`,
    '',
    `Someone (we hope you!) asked to reset the password of your ${SHOP_NAME} account. Choose a new one here:`,
    '',
    opts.link,
    '',
    `The link works once and for ${validFor}. If you did not ask for it, ignore this mail: your password stays as it is.`,
    '',
    'With warm wishes,',
    `The ${SHOP_NAME} team`,
    TAGLINE,
    '',
    ...signatureLines(opts.shop),
  ].join('\n');
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="margin:0;padding:24px;background:#fbf7f0;font-family:Georgia,'Times New Roman',serif;color:#2e2624">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;border-top:6px solid #e0a526">
<h1 style="margin:0 0 4px;font-size:24px;color:#7a1f2b">${escapeHtml(SHOP_NAME)} <span aria-hidden="true" style="color:#e0a526">✦</span></h1>
<p style="margin:0 0 24px;font-style:italic;color:#6b5a4e">${escapeHtml(TAGLINE)}</p>
<p>Namaste ${escapeHtml(name)},</p>
<p>Someone (we hope you!) asked to reset the password of your ${escapeHtml(SHOP_NAME)} account. Choose a new one here:</p>
<p style="text-align:center;margin:28px 0"><a href="${link}" style="background:#7a1f2b;color:#ffffff;padding:12px 24px;border-radius:999px;text-decoration:none;font-family:Arial,sans-serif">Choose a new password</a></p>
<p style="font-size:13px;color:#6b5a4e">Or paste this link into your browser: <br><a href="${link}" style="color:#0f6e6e;word-break:break-all">${link}</a></p>
<p>The link works once and for ${validFor}. If you did not ask for it, ignore this mail: your password stays as it is.</p>
<p>With warm wishes,<br>The ${escapeHtml(SHOP_NAME)} team</p>
<p style="margin-top:28px;font-size:12px;color:#6b5a4e;font-family:Arial,sans-serif">${signatureLines(opts.shop).map(escapeHtml).join('<br>')}</p>
</div>
</body></html>
`;
  return { subject, text, html };
}
