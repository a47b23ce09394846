import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import type { ProductFormInput } from './product-form-values';

/**
 * docs/product.md, Returns and refunds: whether shoppers may ask to return this product. Whole
 * categories are set in Settings → Returns; this is for the one product made to measure.
 */
export function ReturnsField() {
  const { register } = useFormContext<ProductFormInput>();
  const hintId = useId();
  return (
    <div>
      <Checkbox label="Can be returned" aria-describedby={hintId} {...register('returnable')} />
      <p id={hintId} className="mt-1 text-sm text-ink-soft">
        Untick for what you make to measure or sell on final sale: shoppers cannot ask to return it. Whole
        categories are set in Settings → Returns.
      </p>
    </div>
  );
}
