import { AlertTriangle } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { CouriersSection } from '../../../features/settings/admin/couriers-section';
import { PincodeRulesSection } from '../../../features/settings/admin/pincode-rules-section';
import { ShopSettingsForm } from '../../../features/settings/admin/shop-settings-form';
import { useAdminShopSettings } from '../../../features/settings/use-admin-shop-settings';
import { PageFrame } from '../../layout/page-frame';

export default function ShopSettingsPage() {
  const { settings, error } = useAdminShopSettings();
  return (
    <PageFrame className="max-w-4xl">
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">Shop Settings</h1>
        <p className="mt-1 text-ink-soft">
          Your brand, payments, delivery, shipping and couriers, and your business details for invoices, mails and the shop's footer
        </p>
      </header>
      {error ? (
        <p
          role="alert"
          className="flex items-center gap-2 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-red-800"
        >
          <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
          {error}
        </p>
      ) : settings ? (
        <div className="space-y-6">
          <ShopSettingsForm settings={settings} />
          <PincodeRulesSection />
          <CouriersSection />
        </div>
      ) : (
        <PageSpinner />
      )}
    </PageFrame>
  );
}
