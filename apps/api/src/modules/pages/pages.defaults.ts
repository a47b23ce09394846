import { FREE_SHIPPING_THRESHOLD_RUPEES, type ShopPageSlug } from '@shop/shared';

export interface PageText {
  title: string;
  summary: string;
  markdown: string;
}

const FREE = `₹${FREE_SHIPPING_THRESHOLD_RUPEES.toLocaleString('en-IN')}`;

/** The shop's name inside Markdown: its punctuation (a `*`, `_` or `[`) stays text. */
const markdownText = (s: string) => s.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`);

/** `md`: the shop's name as Markdown text, for the pages' Markdown; `shopName` for their plain summaries. */
const pages = (shopName: string, md: string): Record<ShopPageSlug, PageText> => ({
  about: {
    title: 'About Us',
    summary: `${shopName} brings handpicked sarees from India's weaving clusters — Banaras, Kanchipuram, Chanderi, Bhagalpur and more — to your door, with cash on delivery and easy returns.`,
    markdown: `Every saree tells the story of the hands that wove it. ${md} began with a simple wish: to bring the sarees we grew up admiring — from the looms of Banaras, Kanchipuram, Chanderi, Maheshwar, Bhagalpur and Pochampally — to women everywhere, without the guesswork of shopping online.

## What we sell

- **Silk sarees** — Banarasi, Kanjeevaram, Mysore silk and Paithani, for weddings and festivals.
- **Cotton and linen** — breathable everyday drapes, handloom cottons and mulmul.
- **Georgette, chiffon and crepe** — light, easy to carry, perfect for parties and office.
- **Lehengas, kurtis and dupattas** to complete the wardrobe.

## How we choose

We buy directly from weavers and trusted family businesses wherever we can, so more of what you pay reaches the people who made the saree. Each piece is checked by hand before it is packed: the weave, the zari, the fall of the pallu, and the blouse piece.

## Our promise

- **Honest pictures and descriptions.** What you see is what arrives. Colours can vary a little from screen to screen; we say so when a saree is hard to photograph.
- **Cash on delivery** across India, along with UPI, cards and net banking.
- **Easy returns** within 7 days of delivery (see [Returns & Exchanges](/returns)).
- **Real people to talk to.** Write to us or call us — see [Contact Us](/contact).

Thank you for shopping with us. We hope every saree you buy here becomes a favourite.`,
  },

  shipping: {
    title: 'Shipping Info',
    summary: `We ship across India. Free shipping on orders above ${FREE}; cash on delivery available; most orders arrive in 3–7 working days.`,
    markdown: `We deliver to almost every PIN code in India through trusted courier partners.

## Charges

| Order value | Shipping |
|---|---|
| Above ${FREE} | **Free** |
| Up to ${FREE} | A flat charge, shown at checkout before you pay |

Prices on the site already include GST. There are no hidden charges at your door.

## How long it takes

- **Dispatch:** within 1–2 working days of your order (sarees that need fall and pico are dispatched in 3–4 working days).
- **Metro cities:** usually 3–5 working days after dispatch.
- **Rest of India:** usually 5–7 working days; remote areas and the North-East may take up to 10.

Festivals and weather can slow couriers down; we will tell you if your order is delayed.

## Cash on delivery (COD)

COD is available on most PIN codes. Please keep the exact amount ready, and accept the parcel only if the packaging is intact. We may call to confirm a COD order before we dispatch it.

## Tracking your order

Once your order is dispatched, its status changes to **Dispatched** under *My Account > My Orders*, and we send you the courier's tracking details by email or SMS.

## If something is wrong

If the parcel looks tampered with or damaged, please refuse it or record a short unboxing video and write to us within 48 hours. We will make it right — see [Returns & Exchanges](/returns).`,
  },

  returns: {
    title: 'Returns & Exchanges',
    summary: 'Return or exchange a saree within 7 days of delivery: unused, with tags and the blouse piece. Refunds within 7 working days of the return reaching us.',
    markdown: `We want you to love what you bought. If you don't, you can return or exchange it.

## The window

You can ask for a return or an exchange **within 7 days of delivery**.

## What can be returned

The saree (or garment) must be:

- unused, unwashed and without perfume or stains;
- with its original tags, packing and **the blouse piece uncut**;
- not altered — sarees on which fall, pico or blouse stitching was done at your request cannot be returned, unless they arrived damaged or different from what you ordered.

For hygiene reasons, innerwear, petticoats and items bought on final sale cannot be returned.

## How to return or exchange

1. Write to us from the email on your order (see [Contact Us](/contact)) with your **order number**, what you are returning and why, and a photo if the item is damaged.
2. We reply within 48 hours with a pick-up date. Where pick-up is not possible, we ask you to send the parcel by courier and refund a reasonable courier charge.
3. Pack the item as you received it. Our courier collects it from your door.
4. We check it within 2 working days of it reaching us and tell you the outcome.

## Refunds

- **Prepaid orders** (UPI, card, net banking): refunded to the same account within **7 working days** of the return reaching us. Your bank may take a few more days to show it.
- **Cash on delivery orders:** refunded by bank transfer (NEFT/IMPS) or UPI to the account you give us, within 7 working days.
- Shipping charges are refunded when the item was damaged, defective or not what you ordered.

## Exchanges

You can exchange for another colour, another saree of the same value, or pay the difference for a dearer one. An exchange is dispatched as soon as the returned item passes our check.

## Damaged or wrong item

If your saree arrives damaged, defective or different from the picture and description, tell us within **48 hours** of delivery with photos or an unboxing video. We pick it up free of charge and send a replacement or a full refund, as you prefer.

## Cancelling an order

You can cancel an order free of charge until it is dispatched. Write to us or call us with your order number.`,
  },

  faq: {
    title: 'Frequently Asked Questions',
    summary: 'Answers about blouse pieces, saree lengths, fall and pico, washing silk, cash on delivery, delivery times and returns.',
    markdown: `## Sarees

### Does the saree come with a blouse piece?

Most of our sarees come with an **unstitched blouse piece** of about 0.8 metre, attached at one end or packed separately. The product page says when a saree has no blouse piece.

### How long is a saree?

A saree is usually **5.5 metres** without the blouse piece and about **6.3 metres** with it. The sizes on a product page are given in inches, where a saree offers a choice of length.

### Is the colour exactly as in the picture?

We photograph in daylight and keep the colours true, but screens differ. Zari and silk also catch the light differently. If a colour matters for an occasion, write to us and we will send more pictures.

### Do you do fall and pico, or stitch blouses?

Fall and pico can be done on request before dispatch; it adds 2–3 working days. Please note that a saree altered at your request cannot be returned unless it arrives damaged.

### Is your silk pure? Is the zari real?

Each product page says what the saree is woven from. Silk Mark-certified sarees carry the Silk Mark tag. "Tested zari" means silver-coated or copper zari, the kind most sarees use today; pure gold zari is said so in the description.

## Care

### How do I wash my saree?

- **Silk (Banarasi, Kanjeevaram, Paithani):** dry clean only, at least for the first few washes. Air it in the shade after wearing, and store it folded in a muslin or cotton cloth, not plastic.
- **Cotton and handloom:** the first wash by hand, in cold water with a mild detergent, separately (some colour may bleed). Dry in the shade.
- **Georgette, chiffon, crepe:** gentle hand wash in cold water or dry clean. Do not wring.

### How should I store zari sarees?

Refold silk and zari sarees every few months along different lines so the zari does not crack, and keep them away from naphthalene touching the zari directly.

## Orders and payment

### Do you offer cash on delivery?

Yes, on most PIN codes across India. You can also pay by UPI, card or net banking.

### How long will delivery take?

Usually 3–7 working days after dispatch. See [Shipping Info](/shipping).

### Can I return or exchange a saree?

Yes, within 7 days of delivery, unused and with the blouse piece uncut. See [Returns & Exchanges](/returns).

### How do I track my order?

Sign in and open *My Account > My Orders*. You will also receive the courier's tracking details once it is dispatched.

## Still have a question?

[Write to us or call us](/contact) — we are happy to help you choose.`,
  },

  contact: {
    title: 'Contact Us',
    summary: 'Write to us, call us or visit us. Our grievance officer answers complaints within 48 hours and resolves them within a month.',
    markdown: `We are here to help you choose a saree, track an order, or sort out a return.

## Customer care

- **Hours:** Monday to Saturday, 10 am to 7 pm (IST), except public holidays.
- **Email:** we answer within one working day.
- **Phone and WhatsApp:** during working hours.

Please keep your **order number** ready when you write or call about an order.

## Complaints and grievances

If something went wrong and our customer care has not put it right, write to our **Grievance Officer**, named below as the Consumer Protection (E-Commerce) Rules, 2020 require. We acknowledge every complaint **within 48 hours** and resolve it **within one month** of receiving it, and we tell you the complaint's reference number so you can follow it up.

You may also approach the National Consumer Helpline (dial 1915 or visit consumerhelpline.gov.in).`,
  },

  privacy: {
    title: 'Privacy Policy',
    summary: 'What personal data we collect, why, who we share it with, how long we keep it and your rights under the Digital Personal Data Protection Act, 2023.',
    markdown: `This policy explains, in plain words, what personal data ${md} collects when you use this shop, why, and what you can do about it. It is written to follow the Information Technology Act, 2000 and its rules, and the Digital Personal Data Protection Act, 2023 ("DPDP Act").

## What we collect

- **Account details:** your name, email address, phone number and a password (stored only as a secure, one-way hash — we can never read it).
- **Delivery addresses** you save or use at checkout.
- **Orders:** what you bought, when, the amounts, and how you paid.
- **Payment details:** card and UPI payments are handled by our payment provider. We receive only a confirmation and a reference; we never see or store your card number or UPI PIN.
- **Technical data:** a session cookie that keeps you signed in, and our server's ordinary logs (IP address, browser, time of request) kept to protect the shop from abuse.

We do not collect more than we need, and we do not buy data about you from anyone.

## Why we use it

- to create and run your account, and keep you signed in;
- to take, deliver, and support your orders, returns and refunds;
- to send you messages about your orders and your account (for example, a password reset);
- to prevent fraud and misuse, and keep the shop secure;
- to meet legal duties such as GST invoicing and keeping accounts.

We use your data for these purposes because you give it to us to buy from us (your consent, and our contract with you), or because the law requires it. We will not send you marketing messages unless you ask for them, and you can stop them at any time.

## Who we share it with

Only with those who help us serve you, and only what they need:

- **courier partners** — your name, address and phone number, to deliver your order;
- **our payment provider** — to take card and UPI payments;
- **our email and hosting providers** — to run the shop and send you messages;
- **authorities** — when the law requires it.

We never sell your personal data.

## How long we keep it

We keep your account data while your account is open. Order and invoice records are kept for as long as tax and accounting laws require (generally eight years). Server logs are kept for a short time only. When data is no longer needed, we delete it or make it anonymous.

## Your rights

Under the DPDP Act you may:

- ask what personal data we hold about you and how we use it;
- ask us to correct, complete or update it (you can edit your profile and addresses yourself under *My Profile*);
- ask us to erase it, where we no longer need it for your orders or the law;
- withdraw your consent, where we rely on it;
- nominate someone to exercise these rights for you;
- complain to us, and if you are not satisfied, to the Data Protection Board of India.

To use any of these rights, write to our Grievance Officer (see [Contact Us](/contact)). We reply within 48 hours and act on your request within one month.

## Keeping it safe

Passwords are hashed, connections are encrypted, and only the people who need it to serve you can see your data. No system is perfectly secure; if a breach ever affects your data, we will tell you and the authorities as the law requires.

## Children

This shop is meant for adults. If you are under 18, please shop with a parent or guardian.

## Changes

If we change this policy, we will update this page and, for important changes, tell you by email.`,
  },

  terms: {
    title: 'Terms of Service',
    summary: `The terms on which ${shopName} sells to you: orders, prices and GST, payment and cash on delivery, delivery, returns, and your rights as a consumer.`,
    markdown: `These terms apply when you browse or buy from ${md}. By placing an order you agree to them. They do not take away any right you have under the Consumer Protection Act, 2019 or other Indian law.

## Who we are

${md} is an online shop for sarees and clothing. Our name, address and contact details, and those of our Grievance Officer, are on the [Contact Us](/contact) page.

## Your account

Keep your password to yourself; you are responsible for what is done with your account. Tell us at once if you think someone else has used it. Please give true details — we need them to deliver to you.

## Products and pictures

We describe and photograph every product as faithfully as we can. Handwoven sarees can show small irregularities in the weave; these are the mark of the handloom, not a defect. Colours may look slightly different on different screens. Each product page states the country of origin.

## Prices and GST

All prices are in Indian rupees and **include GST**. The total you pay, with any shipping charge, is shown at checkout before you place the order. If a price on the site is plainly wrong, we will tell you and you may cancel the order with a full refund.

## Orders

Your order is an offer to buy. We accept it when we dispatch it. We may decline or cancel an order — for example if the item is out of stock, the address cannot be served, or we suspect fraud — and we refund anything you paid in full.

## Payment

You can pay by cash on delivery (where available), UPI, card or net banking. Online payments are processed by our payment provider. For cash on delivery orders we may call you to confirm before dispatch.

## Delivery

We deliver within India. Delivery times are estimates; see [Shipping Info](/shipping). The risk in the goods passes to you on delivery.

## Returns, exchanges and refunds

See [Returns & Exchanges](/returns). Nothing in that policy limits your rights when a product is defective, damaged or not as described.

## Cancellations

You may cancel an order free of charge before it is dispatched.

## Use of the site

Please do not misuse the shop: no attempts to break into accounts or systems, no automated scraping that burdens the site, and no unlawful use. The pictures and texts on this site belong to ${md} or its suppliers.

## Complaints

Write to our Grievance Officer (see [Contact Us](/contact)). We acknowledge complaints within 48 hours and resolve them within one month.

## Law and courts

These terms are governed by the laws of India. Courts at the place of our registered address have jurisdiction, without affecting your right to approach a consumer commission where you live.`,
  },

  cookies: {
    title: 'Cookie Policy',
    summary: 'We use one essential cookie to keep you signed in and your cart with you. No advertising or tracking cookies.',
    markdown: `A cookie is a small file a website asks your browser to keep.

## The cookies we use

| Cookie | What it does | How long |
|---|---|---|
| **sid** | Keeps you signed in, so your cart, addresses and orders are yours on every page. It holds only a random number; your data stays on our server. | Until you sign out, or at most 30 days (7 days without a visit) |

That is all. We do not use advertising cookies, and we do not let other companies track you on our shop. The shop works without cookies for browsing; signing in and buying need the one above.

## Your browser's own storage

The shop may remember small things in your browser, such as that you closed the festival banner. Nothing personal is kept there.

## Payment windows

When you pay by card or UPI, the payment provider's window may set cookies of its own, needed to process the payment securely. Its own privacy and cookie policy applies to them.

## Turning cookies off

You can delete or block cookies in your browser's settings. If you block the sign-in cookie, you can still browse, but you will not be able to sign in or buy.

Questions? See our [Privacy Policy](/privacy) or [contact us](/contact).`,
  },
});

/**
 * A starting point the owner should make true for the shop: the legal pages are not legal advice.
 * Made with the shop's name as Shop Settings hold it now; a page the owner saved keeps its own text.
 */
export function defaultPages(shopName: string): Record<ShopPageSlug, PageText> {
  return pages(shopName, markdownText(shopName));
}
