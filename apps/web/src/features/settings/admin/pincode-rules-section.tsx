import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { toast } from 'react-toastify';
import { FileUp, Save } from 'lucide-react';
import type { PincodeRules } from '@shop/shared/delivery';
import { Button } from '../../../components/ui/button';
import { FormSection } from '../../../components/ui/form-section';
import { TextArea } from '../../../components/ui/text-area';
import { errorText } from '../../../lib/error-text';
import { useGetPincodeRulesQuery, useSavePincodeRulesMutation } from '../pincode-rules-api';

type ListKey = keyof PincodeRules;
export const PIN_LISTS_SAVED = 'PIN lists saved';

/** The first column of each row of a CSV (or one PIN per line), without a header row or blank lines. */
export function pinsFromCsv(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => (line.split(',')[0] ?? '').replace(/["'\s]/g, ''))
    .filter((cell, i) => cell !== '' && !(i === 0 && /^[a-z_ -]+$/i.test(cell)));
}

/** A picked file's text (FileReader: every browser, and the tests' DOM). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

const toText = (pins: readonly string[]) => pins.join('\n');
const toList = (text: string) => text.split(/[\n,]+/).map((p) => p.replace(/\s+/g, '')).filter(Boolean);

function PinList({ label, hint, value, onChange }: { label: string; hint: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const pins = pinsFromCsv(await readText(file));
    onChange(toText(pins));
    toast.info(`${pins.length} PIN${pins.length === 1 ? '' : 's'} read from ${file.name}: save to keep them`);
  }
  return (
    <div>
      <TextArea label={label} rows={5} hint={hint} value={value} onChange={(e) => onChange(e.target.value)} className="font-mono" spellCheck={false} />
      <label
        htmlFor={`${id}-csv`}
        className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-sand px-3 text-sm font-semibold text-teal hover:bg-ivory has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-teal"
      >
        <FileUp aria-hidden="true" className="size-4" />
        Upload CSV
        <input id={`${id}-csv`} type="file" accept=".csv,text/csv,text/plain" aria-label={`Upload a CSV for ${label}`} className="sr-only" onChange={(e) => void onFile(e)} />
      </label>
    </div>
  );
}

/** docs/product.md, Delivery: PINs or prefixes the shop does not deliver to, and where it takes no cash. */
export function PincodeRulesSection() {
  const { data } = useGetPincodeRulesQuery();
  const [save, { isLoading }] = useSavePincodeRulesMutation();
  const [text, setText] = useState<Record<ListKey, string>>({ noDelivery: '', noCod: '' });
  useEffect(() => {
    if (data) setText({ noDelivery: toText(data.noDelivery), noCod: toText(data.noCod) });
  }, [data]);

  async function onSave() {
    const result = await save({ noDelivery: toList(text.noDelivery), noCod: toList(text.noCod) });
    if (result.error) toast.error(errorText(result.error));
    else toast.success(PIN_LISTS_SAVED);
  }

  return (
    <FormSection
      title="PIN codes"
      description="A whole PIN (793001) or its first digits (7930 is every PIN starting with 7930), one per line. A CSV's first column is read."
    >
      <div className="grid gap-5 md:grid-cols-2">
        <PinList
          label="No delivery to"
          hint="Shoppers there cannot place an order."
          value={text.noDelivery}
          onChange={(v) => setText((t) => ({ ...t, noDelivery: v }))}
        />
        <PinList
          label="No cash on delivery to"
          hint="Shoppers there pay online."
          value={text.noCod}
          onChange={(v) => setText((t) => ({ ...t, noCod: v }))}
        />
      </div>
      <div className="mt-5 flex justify-end">
        <Button type="button" variant="secondary" loading={isLoading} onClick={() => void onSave()} icon={<Save aria-hidden="true" className="size-4" />}>
          Save PIN lists
        </Button>
      </div>
    </FormSection>
  );
}
