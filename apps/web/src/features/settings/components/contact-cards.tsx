import { Mail, MapPin, Phone, ShieldCheck } from 'lucide-react';
import type { PublicShopSettings } from '@shop/shared/settings';

const card = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70';
const link = 'break-all text-teal underline-offset-2 hover:underline';

/**
 * How to reach the shop, and its grievance officer as the Consumer Protection (E-Commerce) Rules,
 * 2020 ask: name, contact and the seller's name and address, all from the shop settings.
 */
export function ContactCards({ settings }: { settings: PublicShopSettings }) {
  return (
    <div className="space-y-4">
      <section aria-labelledby="care-title" className={card}>
        <h2 id="care-title" className="font-serif text-lg font-semibold text-ink">
          Customer care
        </h2>
        <ul className="mt-3 space-y-3 text-sm text-ink-soft">
          <li className="flex gap-3">
            <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon" />
            <a href={`mailto:${settings.supportEmail}`} className={link}>
              {settings.supportEmail}
            </a>
          </li>
          <li className="flex gap-3">
            <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon" />
            <a href={`tel:${settings.supportPhone.replace(/[\s-]/g, '')}`} className={link}>
              {settings.supportPhone}
            </a>
          </li>
          <li className="flex gap-3">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon" />
            <address className="not-italic">
              {settings.legalName}
              <br />
              {settings.address}, {settings.state}
            </address>
          </li>
        </ul>
      </section>
      <section aria-labelledby="grievance-title" className={`${card} border-l-4 border-gold`}>
        <h2 id="grievance-title" className="flex items-center gap-2 font-serif text-lg font-semibold text-ink">
          <ShieldCheck aria-hidden="true" className="size-5 text-teal" />
          Grievance Officer
        </h2>
        <dl className="mt-3 space-y-2 text-sm">
          <div>
            <dt className="text-ink-soft">Name</dt>
            <dd className="font-medium text-ink">{settings.grievanceName}</dd>
          </div>
          <div>
            <dt className="text-ink-soft">Email</dt>
            <dd>
              <a href={`mailto:${settings.grievanceEmail}`} className={link}>
                {settings.grievanceEmail}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-ink-soft">Phone</dt>
            <dd className="text-ink">{settings.supportPhone}</dd>
          </div>
        </dl>
        <p className="mt-3 text-xs leading-relaxed text-ink-soft">
          Complaints are acknowledged within 48 hours and resolved within one month.
        </p>
      </section>
    </div>
  );
}
