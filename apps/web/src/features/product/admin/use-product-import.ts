import { useState } from 'react';
import { parse } from 'csv-parse/browser/esm/sync';
import type { ProductImportResult } from '@shop/shared/product-csv';
import { errorText } from '../../../lib/error-text';
import { useAppDispatch } from '../../../lib/store-hooks';
import { productsImported } from './product-admin-api';
import { uploadWithProgress } from './upload-with-progress';

export const PREVIEW_ROWS = 5;

export type ImportStep = 'choose' | 'checking' | 'checked' | 'importing' | 'done' | 'failed';

/**
 * The CSV import: a chosen file is previewed here (its first rows) and checked by a dry
 * run on the server; the admin then imports it for real. Each upload reports its progress.
 */
export function useProductImport() {
  const dispatch = useAppDispatch();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<{ columns: string[]; rows: string[][] } | null>(null);
  const [step, setStep] = useState<ImportStep>('choose');
  const [progress, setProgress] = useState(0);
  const [check, setCheck] = useState<ProductImportResult | null>(null);
  const [outcome, setOutcome] = useState<ProductImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(f: File, dryRun: boolean) {
    const body = new FormData();
    body.append('dryRun', String(dryRun));
    body.append('file', f);
    setProgress(0);
    return uploadWithProgress<ProductImportResult>('/products/import', body, setProgress);
  }

  async function choose(f: File) {
    setFile(f);
    setCheck(null);
    setOutcome(null);
    setError(null);
    try {
      // Only the first lines: enough to show, and a quoted newline at the cut costs nothing.
      const head = (await f.slice(0, 64 * 1024).text())
        .split(/\r?\n/)
        .slice(0, PREVIEW_ROWS + 1)
        .join('\n');
      const rows = parse(head, {
        bom: true,
        relax_column_count: true,
        relax_quotes: true,
        skip_empty_lines: true,
      }) as string[][];
      setPreview({ columns: rows[0] ?? [], rows: rows.slice(1, PREVIEW_ROWS + 1) });
    } catch {
      setPreview(null);
    }
    setStep('checking');
    try {
      setCheck(await send(f, true));
      setStep('checked');
    } catch (e) {
      setError(errorText(e));
      setStep('failed');
    }
  }

  async function commit() {
    if (!file) return;
    setStep('importing');
    try {
      const result = await send(file, false);
      dispatch(productsImported());
      setOutcome(result);
      setStep(result.errors.length ? 'checked' : 'done');
      if (result.errors.length) setCheck(result);
    } catch (e) {
      setError(errorText(e));
      setStep('failed');
    }
  }

  function reset() {
    setFile(null);
    setPreview(null);
    setCheck(null);
    setOutcome(null);
    setError(null);
    setStep('choose');
  }

  return { file, preview, step, progress, check, outcome, error, choose, commit, reset };
}
