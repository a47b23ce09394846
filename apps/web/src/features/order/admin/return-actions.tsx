import { useRef, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { Check, CheckCheck, PackageCheck, PackageX, Banknote, X } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { ReturnRequest } from '@shop/shared/returns';
import { returnPatchBodySchema, type ReturnPatchBody } from '@shop/shared/returns-schemas';
import { Button, type ButtonVariant } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { ModalForm } from '../../../components/ui/modal-form';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/error-text';
import { destinationText, owesTransfer, paidByTransfer, TRANSFER_REFERENCE_FIELD } from './return-parts';
import { useUpdateReturnMutation } from './returns-api';

type Action = 'approve' | 'reject' | 'restock' | 'keep' | 'refuse' | 'transfer';
type Field = 'courierName' | 'awb' | 'reason' | 'reference';

interface Question {
  title: string;
  description: ReactNode;
  confirm: string;
  variant: ButtonVariant;
  fields: readonly Field[];
  done: string;
}

/** What the shopper gets back once the parcel is accepted, in the dialog's words. */
function moneyBack(r: ReturnRequest): string {
  const exchange = r.items.some((i) => i.exchange) ? ' The exchange is shipped as a new order.' : '';
  const collect =
    r.collectAmount > 0 ? ` ${formatRupees(r.collectAmount)} is collected on its delivery.` : '';
  if (r.refundAmount <= 0) return `Nothing is refunded.${exchange}${collect}`;
  const amount = formatRupees(r.refundAmount);
  return paidByTransfer(r)
    ? `You then owe ${amount} to ${destinationText(r.refundTo)}, by UPI or bank transfer.${exchange}${collect}`
    : `${amount} is refunded to the shopper’s card or UPI through your payment provider.${exchange}${collect}`;
}

function question(r: ReturnRequest, action: Action): Question {
  const n = `return #${r.id}`;
  switch (action) {
    case 'approve':
      return {
        title: `Approve ${n}?`,
        description:
          'The shopper is mailed that the return is approved. If you booked a reverse pickup, give its courier and AWB; otherwise the shopper sends the parcel back and enters its AWB.',
        confirm: 'Approve return',
        variant: 'primary',
        fields: ['courierName', 'awb'],
        done: `Return #${r.id} approved`,
      };
    case 'reject':
      return {
        title: `Reject ${n}?`,
        description: 'The shopper is mailed your reason. A rejected return cannot be reopened.',
        confirm: 'Reject return',
        variant: 'danger',
        fields: ['reason'],
        done: `Return #${r.id} rejected`,
      };
    case 'restock':
      return {
        title: `Accept ${n} and restock?`,
        description: `The items go back into stock and a credit note is issued. ${moneyBack(r)}`,
        confirm: 'Accept and restock',
        variant: 'primary',
        fields: [],
        done: `Return #${r.id} received and restocked`,
      };
    case 'keep':
      return {
        title: `Accept ${n} without restocking?`,
        description: `Accepted as damaged: the items do not go back into stock. A credit note is issued. ${moneyBack(r)}`,
        confirm: 'Accept without restocking',
        variant: 'primary',
        fields: [],
        done: `Return #${r.id} received, not restocked`,
      };
    case 'refuse':
      return {
        title: `Refuse ${n}?`,
        description:
          'Nothing is refunded: the parcel goes back to the shopper, who is mailed your reason. This cannot be undone.',
        confirm: 'Refuse return',
        variant: 'danger',
        fields: ['reason'],
        done: `Return #${r.id} refused`,
      };
    case 'transfer':
      return {
        title: `Mark the transfer of ${formatRupees(r.refundAmount)} done?`,
        description: `Pay ${formatRupees(r.refundAmount)} to ${destinationText(r.refundTo)} first, then enter the UPI or bank reference. The shopper is mailed that the refund is done.`,
        confirm: 'Mark transfer done',
        variant: 'primary',
        fields: ['reference'],
        done: `Refund of return #${r.id} marked done`,
      };
  }
}

type Values = Record<Field, string>;
const EMPTY: Values = { courierName: '', awb: '', reason: '', reference: '' };

/** The PATCH body of a step, as the API takes it: exactly the step's fields. */
function bodyOf(action: Action, v: Values): Record<string, unknown> {
  const courierName = v.courierName.trim();
  const awb = v.awb.trim();
  switch (action) {
    case 'approve':
      return courierName || awb
        ? { status: 'approved', pickup: { courierName, awb } }
        : { status: 'approved' };
    case 'reject':
      return { status: 'rejected', reason: v.reason.trim() };
    case 'restock':
      return { status: 'received', accept: true, restock: true };
    case 'keep':
      return { status: 'received', accept: true, restock: false };
    case 'refuse':
      return { status: 'received', accept: false, reason: v.reason.trim() };
    case 'transfer':
      return { status: 'refunded', reference: v.reference.trim() };
  }
}

const ACTIONS: Record<Action, { label: string; icon: ReactNode; variant: ButtonVariant; danger?: boolean }> =
  {
    approve: { label: 'Approve', icon: <Check aria-hidden="true" className="size-4" />, variant: 'primary' },
    reject: {
      label: 'Reject',
      icon: <X aria-hidden="true" className="size-4" />,
      variant: 'outline',
      danger: true,
    },
    restock: {
      label: 'Accept and restock',
      icon: <PackageCheck aria-hidden="true" className="size-4" />,
      variant: 'primary',
    },
    keep: {
      label: 'Accept without restocking',
      icon: <CheckCheck aria-hidden="true" className="size-4" />,
      variant: 'outline',
    },
    refuse: {
      label: 'Refuse',
      icon: <PackageX aria-hidden="true" className="size-4" />,
      variant: 'outline',
      danger: true,
    },
    transfer: {
      label: 'Mark transfer done',
      icon: <Banknote aria-hidden="true" className="size-4" />,
      variant: 'primary',
    },
  };

/** The steps staff may take from where the return stands; paying a transfer is the owner's. */
export function actionsFor(r: ReturnRequest, isOwner: boolean): Action[] {
  if (r.status === 'requested') return ['approve', 'reject'];
  if (r.status === 'approved') return ['restock', 'keep', 'refuse'];
  if (owesTransfer(r) && isOwner) return ['transfer'];
  return [];
}

/**
 * A return's next steps, each asked in a dialog first (as the order's stage changes are): they mail the
 * shopper, move stock and money, and none can be undone.
 */
export function ReturnActions({
  request: r,
  isOwner,
  className,
}: {
  request: ReturnRequest;
  isOwner: boolean;
  className?: string;
}) {
  const [update, { isLoading }] = useUpdateReturnMutation();
  // The action asked about stays after the dialog closes, so its words do not vanish as it fades.
  const [asking, setAsking] = useState<Action | null>(null);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const fields = useRef<Partial<Record<Field, HTMLInputElement | HTMLTextAreaElement | null>>>({});
  const offered = actionsFor(r, isOwner);

  if (offered.length === 0) {
    if (owesTransfer(r))
      return (
        <p className={cx('text-sm text-ink-soft', className)}>
          The owner marks the transfer done once it is paid.
        </p>
      );
    return null;
  }

  function ask(action: Action) {
    setAsking(action);
    setValues(EMPTY);
    setErrors({});
    setRefusal(null);
    setOpen(true);
  }

  async function submit() {
    if (!asking) return;
    setRefusal(null);
    const body = bodyOf(asking, values);
    const parsed = returnPatchBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path.at(-1) as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = question(r, asking).fields.find((f) => found[f]);
      if (first) fields.current[first]?.focus();
      return;
    }
    setErrors({});
    const result = await update({ id: r.id, body: body as ReturnPatchBody });
    if (result.error) {
      setRefusal(errorText(result.error));
      return;
    }
    setOpen(false);
    toast.success(question(r, asking).done);
  }

  const field = (name: Field) => ({
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      fields.current[name] = el;
    },
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });

  const q = asking ? question(r, asking) : null;
  return (
    <div className={className}>
      <div className="flex flex-wrap gap-2">
        {offered.map((action) => {
          const a = ACTIONS[action];
          return (
            <Button
              key={action}
              variant={a.variant}
              icon={a.icon}
              disabled={isLoading}
              onClick={() => ask(action)}
              aria-label={`${a.label}, return #${r.id}`}
              className={cx(
                'flex-1 sm:flex-none',
                a.danger && 'text-red-700 hover:border-red-300 hover:bg-red-50',
              )}
            >
              {a.label}
            </Button>
          );
        })}
      </div>
      <ModalForm
        open={open}
        onClose={() => !isLoading && setOpen(false)}
        title={q?.title}
        description={q?.description}
        cancelLabel="Go back"
        confirmLabel={q?.confirm}
        confirmVariant={q?.variant}
        confirmLoading={isLoading}
        onSubmit={submit}
        refusal={refusal}
        className="space-y-4"
      >
        {q?.fields.includes('courierName') && (
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...field('courierName')}
              label="Pickup courier (optional)"
              autoComplete="off"
              maxLength={60}
            />
            <TextField
              {...field('awb')}
              label="Pickup AWB (optional)"
              autoComplete="off"
              spellCheck={false}
              maxLength={40}
              className="font-mono"
            />
          </div>
        )}
        {q?.fields.includes('reason') && (
          <TextArea
            {...field('reason')}
            label="Reason"
            hint="The shopper reads it in their mail."
            rows={3}
            required
            maxLength={500}
          />
        )}
        {q?.fields.includes('reference') && (
          <TextField {...field('reference')} {...TRANSFER_REFERENCE_FIELD} />
        )}
      </ModalForm>
    </div>
  );
}
