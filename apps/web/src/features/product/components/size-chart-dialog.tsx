import type { SizeUnit } from '@shop/shared/sizes';
import type { SizeChart } from '@shop/shared/variants';
import { inBothUnits, sizeText } from '@shop/shared/sizes';
import { Modal } from '../../../components/ui/modal';

const one = (n: number) => n.toLocaleString('en-IN', { maximumFractionDigits: 1 });

/** The product's size chart, every measurement in cm and in inches; Escape, Close or a click outside closes it. */
export default function SizeChartDialog({
  open,
  onClose,
  chart,
  sizeUnit,
  title,
}: {
  open: boolean;
  onClose: () => void;
  chart: SizeChart;
  sizeUnit: SizeUnit;
  title: string;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Size chart"
      description={`Body measurements for ${title}, in centimetres and inches.`}
      cancelLabel="Close"
    >
      <div
        role="region"
        aria-label="Measurements"
        tabIndex={0}
        className="-mx-2 max-h-[60vh] overflow-auto rounded-lg ring-1 ring-sand"
      >
        <table className="w-full border-collapse text-left text-sm">
          <thead className="sticky top-0 bg-ivory">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold text-ink">
                Size
              </th>
              {chart.measurements.map((m) => (
                <th key={m} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-ink">
                  {m}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.rows.map((row) => (
              <tr key={row.size} className="border-t border-sand/70 odd:bg-white even:bg-ivory/60">
                <th scope="row" className="px-3 py-2 font-semibold whitespace-nowrap text-ink">
                  {sizeText(row.size, sizeUnit)}
                </th>
                {chart.measurements.map((m, i) => {
                  const v = row.values[i] ?? null;
                  if (v === null)
                    return (
                      <td key={m} className="px-3 py-2 text-ink-soft">
                        <span aria-hidden="true">–</span>
                        <span className="sr-only">Not measured</span>
                      </td>
                    );
                  const both = inBothUnits(v, chart.unit);
                  return (
                    <td key={m} className="px-3 py-2 whitespace-nowrap text-ink tabular-nums">
                      <span className="block">{one(both.cm)} cm</span>
                      <span className="block text-xs text-ink-soft">{one(both.in)} in</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-ink-soft">
        Measure over your body, not over clothes. Between two sizes? Choose the larger.
      </p>
    </Modal>
  );
}
