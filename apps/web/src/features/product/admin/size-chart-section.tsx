import { Controller, get, useFormContext, useWatch } from 'react-hook-form';
import { Ruler } from 'lucide-react';
import type { SizeChart } from '@shop/shared/variants';
import { Button } from '../../../components/ui/button';
import { RadioCard } from '../../../components/ui/radio-card';
import { chartDraftOf, newChart, type ProductFormInput } from './product-form-values';
import { SizeChartEditor } from './size-chart-editor';

export interface SizeChartSectionProps {
  /** The chosen category's chart: null when it has none, undefined while unknown. */
  categoryChart: SizeChart | null | undefined;
  /** Opens the category's chart editor; absent where the page offers none. */
  onEditCategoryChart?: () => void;
  /** The owner chose or edited: the chart is sent (an untouched one stays as the server has it). */
  onTouched: () => void;
  disabled?: boolean;
}

export function ChartPreview({ chart, label }: { chart: SizeChart; label: string }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-sand">
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <thead className="bg-ivory text-left text-xs text-ink-soft uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Size
            </th>
            {chart.measurements.map((m) => (
              <th key={m} scope="col" className="px-3 py-2 text-right font-semibold">
                {m} ({chart.unit})
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand/70">
          {chart.rows.map((r) => (
            <tr key={r.size}>
              <th scope="row" className="px-3 py-1.5 text-left font-medium">
                {r.size}
              </th>
              {r.values.map((v, j) => (
                <td key={j} className="px-3 py-1.5 text-right tabular-nums">
                  {v ?? '–'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The category's chart, or the product's own (decision 036). */
export function SizeChartSection({
  categoryChart,
  onEditCategoryChart,
  onTouched,
  disabled,
}: SizeChartSectionProps) {
  const {
    control,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<ProductFormInput>();
  const mode = useWatch({ control, name: 'chartMode' });
  const category = useWatch({ control, name: 'category' });

  function choose(next: 'category' | 'own') {
    onTouched();
    const blankChart = getValues('chart').rows.every((r) => r.values.every((v) => v.trim() === ''));
    if (next === 'own' && blankChart) {
      setValue('chart', categoryChart ? chartDraftOf(categoryChart) : newChart(getValues('sizes')));
    }
    setValue('chartMode', next, { shouldDirty: true });
  }

  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="Which size chart" className="grid gap-3 md:grid-cols-2">
        <RadioCard name="chartMode" checked={mode === 'category'} onChange={() => choose('category')}>
          <span>
            <span className="block font-medium text-ink">The category&apos;s chart</span>
            <span className="block text-sm text-ink-soft">
              Shared by every product of {category || 'the category'}
            </span>
          </span>
        </RadioCard>
        <RadioCard name="chartMode" checked={mode === 'own'} onChange={() => choose('own')}>
          <span>
            <span className="block font-medium text-ink">This product&apos;s own chart</span>
            <span className="block text-sm text-ink-soft">For a cut that measures differently</span>
          </span>
        </RadioCard>
      </div>

      {mode === 'category' ? (
        <div className="space-y-3">
          {!category ? (
            <p className="text-sm text-ink-soft">Choose a category to see its chart.</p>
          ) : categoryChart ? (
            <ChartPreview chart={categoryChart} label={`Size chart of ${category}`} />
          ) : categoryChart === null ? (
            <p className="text-sm text-ink-soft">{category} has no size chart yet: shoppers see none.</p>
          ) : null}
          {category && onEditCategoryChart && (
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={onEditCategoryChart}
              icon={<Ruler aria-hidden="true" className="size-4" />}
            >
              Edit the {category} size chart
            </Button>
          )}
        </div>
      ) : (
        <Controller
          control={control}
          name="chart"
          render={({ field }) => (
            <SizeChartEditor
              label="Size chart of this product"
              value={field.value}
              onChange={(chart) => {
                onTouched();
                field.onChange(chart);
              }}
              errorFor={(path) =>
                (get(errors, path ? `chart.${path}` : 'chart') as { message?: string } | undefined)?.message
              }
              disabled={disabled}
            />
          )}
        />
      )}
    </div>
  );
}
