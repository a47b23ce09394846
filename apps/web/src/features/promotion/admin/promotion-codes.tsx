import { useId, useState } from 'react';
import { Download, TicketPlus } from 'lucide-react';
import { promotionCodesBodySchema } from '@shop/shared/promotions-schemas';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { promotionCodesCsvUrl, useMakePromotionCodesMutation } from './promotions-api';

const codesText = (n: number) => `${n.toLocaleString('en-IN')} single-use ${n === 1 ? 'code' : 'codes'}`;

/**
 * A code promotion's batch of unique single-use codes (each works for one order), to hand out or
 * print; the batch downloads as a CSV file.
 */
export function PromotionCodes({ promotionId, batchCodes }: { promotionId: number; batchCodes: number }) {
  const id = useId();
  const [count, setCount] = useState('');
  const [prefix, setPrefix] = useState('');
  const [problems, setProblems] = useState<{ count?: string; prefix?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [made, setMade] = useState<{ created: number; batchCodes: number } | null>(null);
  const [makeCodes, making] = useMakePromotionCodesMutation();
  // The reply's count until the promotion is read again.
  const total = Math.max(batchCodes, made?.batchCodes ?? 0);

  async function submit() {
    setRefusal(null);
    const parsed = promotionCodesBodySchema.safeParse({ count: count.trim() === '' ? Number.NaN : Number(count), prefix });
    if (!parsed.success) {
      const found: { count?: string; prefix?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'count' || field === 'prefix') && !found[field]) found[field] = issue.message;
      }
      setProblems(found);
      document.getElementById(`${id}-${found.count ? 'count' : 'prefix'}`)?.focus();
      return;
    }
    setProblems({});
    const result = await makeCodes({ id: promotionId, ...parsed.data });
    if (result.error) setRefusal(errorText(result.error));
    else {
      setMade(result.data);
      setCount('');
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-sand/80 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        Single-use codes
      </h2>
      <p className="mt-0.5 text-sm text-ink-soft">
        Unique codes that each work for one order, with this promotion’s offer and rules: for a mailing, a
        card in the parcel, an influencer’s followers.
      </p>
      <form
        noValidate
        aria-label="Make single-use codes"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="mt-5 flex flex-wrap items-start gap-3"
      >
        <TextField
          id={`${id}-count`}
          label="How many"
          type="number"
          inputMode="numeric"
          min={1}
          max={10000}
          step={1}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={problems.count}
          wrapperClassName="w-36"
        />
        <TextField
          id={`${id}-prefix`}
          label="Prefix (optional)"
          autoComplete="off"
          spellCheck={false}
          maxLength={12}
          placeholder="DIWALI"
          value={prefix}
          onChange={(e) => setPrefix(e.target.value.toUpperCase())}
          error={problems.prefix}
          className="font-mono uppercase"
          wrapperClassName="w-48"
        />
        <Button
          type="submit"
          variant="secondary"
          loading={making.isLoading}
          className="sm:mt-7"
          icon={<TicketPlus aria-hidden="true" className="size-4" />}
        >
          Make codes
        </Button>
      </form>
      {refusal && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-sand/70 pt-4">
        <p role="status" className="text-sm text-ink">
          {made && <span className="font-semibold">Made {codesText(made.created)}. </span>}
          {total > 0 ? `It has ${codesText(total)}.` : 'It has no single-use codes yet.'}
        </p>
        {total > 0 && (
          <a href={promotionCodesCsvUrl(promotionId)} download className={buttonClasses('outline', 'sm')}>
            <Download aria-hidden="true" className="size-4" />
            Download codes (CSV)
          </a>
        )}
      </div>
    </section>
  );
}
