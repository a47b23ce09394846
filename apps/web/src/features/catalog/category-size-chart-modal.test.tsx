import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { renderPage } from '../../test/render-page';
import { CategorySizeChartModal, type ChartEditorProps } from './category-size-chart-modal';

/** Stands for the product form's grid: one size, one measurement, typed in a single input. */
function Editor({ value, onChange, errorFor }: ChartEditorProps) {
  return (
    <label>
      Bust of {value.rows[0]?.size}
      <input
        value={value.rows[0]?.values[0] ?? ''}
        onChange={(e) =>
          onChange({ ...value, measurements: ['Bust'], rows: [{ size: 'M', values: [e.target.value] }] })
        }
      />
      <span>{errorFor?.('rows.0.values.0')}</span>
    </label>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a category’s size chart', () => {
  it('shows the saved chart, checks the edit with the API schema and saves it for the category', async () => {
    const saved = { unit: 'in', measurements: ['Bust'], rows: [{ size: 'M', values: [38] }] };
    const { calls } = fakeApi({
      'GET /size-charts': { body: { charts: [{ category: 'Silk Sarees', chart: saved }] } },
      'PUT /size-charts/Silk%20Sarees': (c) => ({ body: { category: 'Silk Sarees', chart: c.body } }),
    });
    const onClose = vi.fn();
    renderPage(<CategorySizeChartModal category="Silk Sarees" open onClose={onClose} Editor={Editor} />, {
      path: '/',
      url: '/',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Size chart of Silk Sarees' });
    const input = await within(dialog).findByDisplayValue('38');
    const user = userEvent.setup();
    await user.clear(input);
    await user.type(input, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Save chart' }));
    expect(await within(dialog).findByText('Measurement is a number above 0')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(input);
    await user.type(input, '39');
    await user.click(within(dialog).getByRole('button', { name: 'Save chart' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      unit: 'in',
      measurements: ['Bust'],
      rows: [{ size: 'M', values: [39] }],
    });
  });
});
