import type { UseFormRegister } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormSection } from '../../../components/ui/form-section';
import type { ShopSettingsInput } from './brand-section';

/** docs/product.md, Reviews: whether a buyer's new review waits for the owner before it shows. */
export function ReviewsSection({ register }: { register: UseFormRegister<ShopSettingsInput> }) {
  return (
    <FormSection title="Reviews" description="Shoppers who bought a product can rate and review it on its page.">
      <Checkbox role="switch" label="Approve new reviews before they are published" {...register('reviewsNeedApproval')} />
      <p className="mt-1 text-sm text-ink-soft">
        Off: a review shows at once. On: it waits under Admin → Reviews → Waiting until you approve it.
      </p>
    </FormSection>
  );
}
