import { useState, type ComponentType } from 'react';
import { sizeChartSchema, type SizeChart } from '@shop/shared/variants';
import { errorText } from '../../lib/error-text';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import {
  useDeleteSizeChartMutation,
  useGetSizeChartsQuery,
  useSaveSizeChartMutation,
} from './size-charts-api';

/** A chart as its inputs hold it: numbers as text. */
export interface ChartDraft {
  unit: SizeChart['unit'];
  measurements: string[];
  rows: { size: string; values: string[] }[];
}

export interface ChartEditorProps {
  value: ChartDraft;
  onChange: (chart: ChartDraft) => void;
  errorFor?: (path: string) => string | undefined;
  label: string;
  disabled?: boolean;
}

export interface CategorySizeChartModalProps {
  category: string;
  open: boolean;
  onClose: () => void;
  /** The grid editor, handed in by the page (it is the product form's). */
  Editor: ComponentType<ChartEditorProps>;
}

const draftOf = (chart: SizeChart | undefined): ChartDraft =>
  chart
    ? {
        unit: chart.unit,
        measurements: [...chart.measurements],
        rows: chart.rows.map((r) => ({
          size: r.size,
          values: r.values.map((v) => (v === null ? '' : String(v))),
        })),
      }
    : {
        unit: 'in',
        measurements: ['Bust', 'Waist'],
        rows: ['S', 'M', 'L'].map((size) => ({ size, values: ['', ''] })),
      };

/** A category's size chart (decision 036): every product of the category without its own shows it. */
export function CategorySizeChartModal({ category, open, onClose, Editor }: CategorySizeChartModalProps) {
  const { data } = useGetSizeChartsQuery(undefined, { skip: !open });
  const current = data?.charts.find((c) => c.category === category)?.chart;
  const [save, saving] = useSaveSizeChartMutation();
  const [remove, removing] = useDeleteSizeChartMutation();
  const busy = saving.isLoading || removing.isLoading;
  // Edited apart from the saved chart until Save; null shows the saved one (or a starting chart).
  const [draft, setDraft] = useState<ChartDraft | null>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  const [failure, setFailure] = useState<string | undefined>();
  const value = draft ?? draftOf(current);

  function close() {
    if (busy) return;
    setDraft(null);
    setErrors(new Map());
    setFailure(undefined);
    onClose();
  }

  async function confirm() {
    const parsed = sizeChartSchema.safeParse(value);
    if (!parsed.success) {
      setErrors(new Map(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors(new Map());
    const result = await save({ category, chart: parsed.data });
    if (result.error) return setFailure(errorText(result.error));
    close();
  }

  async function removeChart() {
    const result = await remove(category);
    if (result.error) return setFailure(errorText(result.error));
    close();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={`Size chart of ${category}`}
      description="Shown on every product of the category that has no chart of its own."
      confirmLabel="Save chart"
      confirmLoading={saving.isLoading}
      onConfirm={() => void confirm()}
    >
      <Editor
        label={`Size chart of ${category}`}
        value={value}
        onChange={setDraft}
        errorFor={(path) => errors.get(path)}
        disabled={busy}
      />
      {failure && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failure}
        </p>
      )}
      {current && (
        <Button
          variant="ghost"
          size="sm"
          className="mt-3 text-red-700"
          loading={removing.isLoading}
          onClick={() => void removeChart()}
        >
          Remove the chart
        </Button>
      )}
    </Modal>
  );
}
