import type { ReactNode } from 'react';
import { Building2, Mail, MapPin, Phone } from 'lucide-react';
import type { Address } from '@shop/shared/address';
import { cx } from '../../../components/ui/cx';

export function AddressCard({
  address: a,
  actions,
  className,
}: {
  address: Address;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between', className)}>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-ink">{a.name}</p>
        <p className="mt-1 flex items-start gap-1.5 text-ink-soft">
          <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon/70" />
          <span>
            {a.street}, {a.city}, {a.state} {a.pinCode}
          </span>
        </p>
        <p className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-ink-soft">
          <span className="inline-flex items-center gap-1.5">
            <Phone aria-hidden="true" className="size-4 text-maroon/70" />
            {a.phone}
          </span>
          <span className="inline-flex min-w-0 items-center gap-1.5 break-all">
            <Mail aria-hidden="true" className="size-4 shrink-0 text-maroon/70" />
            {a.email}
          </span>
        </p>
        {a.gstin && (
          <p className="mt-1 flex items-start gap-1.5 text-ink-soft">
            <Building2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-maroon/70" />
            <span>
              {a.businessName && <>{a.businessName}, </>}GSTIN <span className="font-medium text-ink">{a.gstin}</span>
            </span>
          </p>
        )}
      </div>
      {actions && <div className="flex shrink-0 gap-2">{actions}</div>}
    </div>
  );
}
