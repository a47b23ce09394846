import { Link } from 'react-router';
import { Mail, MapPin, MessageCircle, Phone, ShieldCheck } from 'lucide-react';
import { whatsappLink, type ShopBrand } from '@shop/shared/brand';
import type { PublicShopSettings } from '@shop/shared/settings';
import { paths } from '../../config/paths';
import { useShopSettings } from '../../features/settings/use-shop-settings';
import { useBrand } from '../../lib/brand';
import { WandMark } from './logo';
import { SocialIcon, type SocialNetwork } from './social-icons';

interface FooterLink {
  name: string;
  to: string;
}

// docs/product.md, Page frame: the shop's own pages, the listing by category and by discount.
const quickLinks: FooterLink[] = [
  { name: 'About Us', to: paths.shopPage('about') },
  { name: 'Products', to: paths.home },
  { name: 'Collections', to: paths.collections },
  { name: 'Special Offers', to: paths.offers },
];
const serviceLinks: FooterLink[] = [
  { name: 'Contact Us', to: paths.shopPage('contact') },
  { name: 'Shipping Info', to: paths.shopPage('shipping') },
  { name: 'Returns & Exchanges', to: paths.shopPage('returns') },
  { name: 'FAQ', to: paths.shopPage('faq') },
];
const legalLinks: FooterLink[] = [
  { name: 'Privacy Policy', to: paths.shopPage('privacy') },
  { name: 'Terms of Service', to: paths.shopPage('terms') },
  { name: 'Cookie Policy', to: paths.shopPage('cookies') },
];
const linkClass = 'rounded-sm text-sm text-ivory/85 transition-colors hover:text-gold-light';

function FooterAnchor({ link }: { link: FooterLink }) {
  return link.to.startsWith('/') ? (
    <Link to={link.to} className={linkClass}>
      {link.name}
    </Link>
  ) : (
    <a href={link.to} className={linkClass}>
      {link.name}
    </a>
  );
}

function LinkColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div>
      <h2 className="font-serif text-lg font-semibold text-gold-light">{title}</h2>
      <ul className="mt-4 space-y-3">
        {links.map((l) => (
          <li key={l.name}>
            <FooterAnchor link={l} />
          </li>
        ))}
      </ul>
    </div>
  );
}

const networks: { network: SocialNetwork; key: 'instagram' | 'facebook' | 'youtube' }[] = [
  { network: 'Instagram', key: 'instagram' },
  { network: 'Facebook', key: 'facebook' },
  { network: 'YouTube', key: 'youtube' },
];

/** The shop's own pages elsewhere, as set in Shop Settings: only those it has. */
function SocialLinks({ brand }: { brand: ShopBrand }) {
  const links = networks.flatMap(({ network, key }) => {
    const href = brand.socialLinks[key];
    return href ? [{ network, href }] : [];
  });
  const { whatsapp } = brand.socialLinks;
  if (links.length === 0 && !whatsapp) return null;
  return (
    <ul className="mt-5 flex flex-wrap items-center gap-3">
      {links.map((s) => (
        <li key={s.network}>
          <a
            href={s.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${brand.shopName} on ${s.network}`}
            className="flex size-11 items-center justify-center rounded-full bg-white/10 text-ivory transition-colors hover:bg-gold hover:text-ink"
          >
            <SocialIcon network={s.network} className="size-5" />
          </a>
        </li>
      ))}
      {whatsapp && (
        <li>
          <a
            href={whatsappLink(whatsapp)}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-h-11 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-medium text-ivory transition-colors hover:bg-gold hover:text-ink"
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            Chat with us
          </a>
        </li>
      )}
    </ul>
  );
}

/** The shop's contacts and, as the E-Commerce Rules 2020 ask, its grievance officer (Shop Settings). */
function GetInTouch({ shop }: { shop: PublicShopSettings }) {
  return (
    <ul className="mt-4 space-y-3 text-sm text-ivory/85">
      <li className="flex gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
        <a href={`mailto:${shop.supportEmail}`} className={linkClass}>
          {shop.supportEmail}
        </a>
      </li>
      <li className="flex gap-3">
        <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
        <a href={`tel:${shop.supportPhone.replace(/[\s-]/g, '')}`} className={linkClass}>
          {shop.supportPhone}
        </a>
      </li>
      <li className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
        <address className="not-italic">
          {shop.legalName}
          <br />
          {shop.address}
          {shop.gstin && (
            <>
              <br />
              GSTIN {shop.gstin}
            </>
          )}
        </address>
      </li>
      <li className="flex gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gold" />
        <p>
          Grievance Officer: {shop.grievanceName},{' '}
          <a href={`mailto:${shop.grievanceEmail}`} className={linkClass}>
            {shop.grievanceEmail}
          </a>
        </p>
      </li>
    </ul>
  );
}

/** The footer on a deep maroon ground, edged with the zari border (docs/style.md, Look). */
export function Footer() {
  const year = new Date().getFullYear();
  const shop = useShopSettings();
  const brand = useBrand();
  return (
    <footer className="mt-16 bg-maroon-dark text-ivory">
      <div className="zari-border" aria-hidden="true" />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div id="about">
          <p className="flex items-center gap-2 font-serif text-2xl font-bold text-white">
            <WandMark className="size-8 text-gold-light" />
            {brand.shopName}
          </p>
          {brand.tagline && <p className="mt-2 text-sm text-gold-light italic">{brand.tagline}</p>}
          <p id="shipping" className="mt-4 text-sm leading-relaxed text-ivory/85">
            Handpicked Banarasi, Kanjeevaram and chiffon sarees from weavers across India, packed with care
            and delivered to your door.
          </p>
          <SocialLinks brand={brand} />
        </div>
        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Customer Service" links={serviceLinks} />
        <div id="contact">
          <h2 className="font-serif text-lg font-semibold text-gold-light">Get In Touch</h2>
          {shop ? (
            <GetInTouch shop={shop} />
          ) : (
            // The same height while the shop's details load: no jump when they arrive.
            <div aria-hidden="true" className="mt-4 h-44" />
          )}
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm text-ivory/80 sm:flex-row sm:px-6 lg:px-8">
          <p>
            © {year} {brand.shopName}
          </p>
          <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2">
            {legalLinks.map((l) => (
              <li key={l.name}>
                <FooterAnchor link={l} />
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
