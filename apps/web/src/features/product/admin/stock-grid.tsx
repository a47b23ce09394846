import { get, useFormContext } from 'react-hook-form';
import { sizeText, type SizeUnit } from '@shop/shared/variants';
import { inputClasses } from '../../../components/ui/text-field';
import { colourLabels } from './colour-labels';
import { gridOf, type ProductFormInput } from './product-form-values';

export interface StockGridProps {
  colors: readonly string[];
  sizes: readonly string[];
  sizeUnit: SizeUnit;
  /** The product's price, shown where a variant has none of its own. */
  price: string;
  disabled?: boolean;
}

const cellInput = 'min-h-10 px-2 py-1.5 text-sm tabular-nums';

/** Stock, SKU and an optional price for each colour × size (decision 036); the form's values hold them by cell. */
export function StockGrid({ colors, sizes, sizeUnit, price, disabled }: StockGridProps) {
  const {
    register,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const names = colourLabels(colors);
  const grid = gridOf(colors, sizes);

  if (grid.length === 0) {
    return (
      <p className="text-sm text-ink-soft">
        Add colours and sizes below: a row appears for each colour and size.
      </p>
    );
  }

  return (
    <div className="overflow-x-auto rounded-lg border border-sand">
      <table className="w-full min-w-[19rem] text-sm">
        <caption className="sr-only">Stock per colour and size</caption>
        <thead className="bg-ivory text-left text-xs tracking-wide text-ink-soft uppercase">
          <tr>
            <th scope="col" className="w-16 px-3 py-2 font-semibold sm:w-40">
              Size
            </th>
            <th scope="col" className="w-20 px-2 py-2 font-semibold sm:w-28">
              Stock
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              SKU
            </th>
            <th scope="col" className="w-24 px-2 py-2 font-semibold sm:w-32">
              Price (₹)
            </th>
          </tr>
        </thead>
        {colors.map((color) => (
          <tbody key={color} className="divide-y divide-sand/70 border-t border-sand/70">
            <tr className="bg-sand/20">
              <th scope="rowgroup" colSpan={4} className="px-3 py-1.5 text-left font-semibold text-ink">
                <span className="inline-flex items-center gap-2">
                  <span
                    aria-hidden="true"
                    className="size-4 rounded-full ring-1 ring-ink/20"
                    style={{ backgroundColor: color }}
                  />
                  {names.get(color)}
                </span>
              </th>
            </tr>
            {grid
              .filter((c) => c.color === color)
              .map(({ size, key }) => {
                const name = `${names.get(color)} ${sizeText(size, sizeUnit)}`;
                const fieldError = (f: 'stock' | 'sku' | 'price') =>
                  (get(errors, `cells.${key}.${f}`) as { message?: string } | undefined)?.message;
                const field = (f: 'stock' | 'sku' | 'price', label: string, extra: object, cls = '') => {
                  const error = fieldError(f);
                  const id = `cell-${key}-${f}`;
                  return (
                    <td className="px-2 py-1.5 align-top">
                      <input
                        id={id}
                        aria-label={`${label}, ${name}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? `${id}-error` : undefined}
                        disabled={disabled}
                        className={inputClasses(Boolean(error), `${cellInput} ${cls}`)}
                        {...extra}
                        {...register(`cells.${key}.${f}`)}
                      />
                      {error && (
                        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
                          {error}
                        </p>
                      )}
                    </td>
                  );
                };
                return (
                  <tr key={key}>
                    <th scope="row" className="px-3 py-1.5 text-left font-medium text-ink">
                      {sizeText(size, sizeUnit)}
                    </th>
                    {field('stock', 'Stock', { type: 'number', inputMode: 'numeric', min: 0, step: 1 })}
                    {field(
                      'sku',
                      'SKU',
                      { type: 'text', autoComplete: 'off', spellCheck: false },
                      'font-mono',
                    )}
                    {field('price', 'Price (₹)', {
                      type: 'number',
                      inputMode: 'numeric',
                      min: 1,
                      step: 1,
                      placeholder: price || undefined,
                    })}
                  </tr>
                );
              })}
          </tbody>
        ))}
      </table>
    </div>
  );
}
