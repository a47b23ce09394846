import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Pencil, Power, PowerOff, Trash2 } from 'lucide-react';
import type { Promotion } from '@shop/shared/promotions';
import { Button, buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Modal } from '../../../components/ui/modal';
import { errorText } from '../../../lib/error-text';
import { promotionLinks } from './promotion-parts';
import { useDeletePromotionMutation, useUpdatePromotionMutation } from './promotions-api';

export const PROMOTION_SWITCHED_ON = 'Promotion switched on';
export const PROMOTION_SWITCHED_OFF = 'Promotion switched off';
export const PROMOTION_DELETED = 'Promotion deleted';

const iconButton =
  'flex size-11 items-center justify-center rounded-lg transition-colors focus-visible:outline-2 focus-visible:outline-teal disabled:opacity-50';

/**
 * Edit, switch off or on, delete. A promotion orders have used cannot be deleted (409): the dialog
 * then shows the server's words and offers to switch it off instead.
 */
export function PromotionActions({
  promotion: p,
  compact = false,
  onDeleted,
}: {
  promotion: Promotion;
  /** Icons only (the table's narrow column); otherwise labelled buttons. */
  compact?: boolean;
  onDeleted?: () => void;
}) {
  const [update, updating] = useUpdatePromotionMutation();
  const [remove, removing] = useDeletePromotionMutation();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function toggle(enabled: boolean) {
    const result = await update({ id: p.id, body: { enabled } });
    if (result.error) toast.error(errorText(result.error));
    else toast.success(enabled ? PROMOTION_SWITCHED_ON : PROMOTION_SWITCHED_OFF);
    return !result.error;
  }

  async function confirm() {
    if (refusal !== null) {
      // Refused as used: the confirm button now switches it off.
      if (await toggle(false)) setAsking(false);
      return;
    }
    const result = await remove(p.id);
    if (result.error) {
      setRefusal(errorText(result.error));
      return;
    }
    setAsking(false);
    toast.success(PROMOTION_DELETED);
    onDeleted?.();
  }

  const close = () => {
    if (!removing.isLoading && !updating.isLoading) setAsking(false);
  };
  const SwitchIcon = p.enabled ? PowerOff : Power;
  const switchLabel = p.enabled ? 'Switch off' : 'Switch on';

  return (
    <>
      <div className={cx('flex items-center', compact ? 'gap-0.5' : 'flex-wrap gap-2')}>
        {compact ? (
          <>
            <Link
              to={promotionLinks.edit(p.id)}
              aria-label={`Edit ${p.name}`}
              title="Edit"
              className={cx(iconButton, 'text-teal hover:bg-teal/10')}
            >
              <Pencil aria-hidden="true" className="size-4.5" />
            </Link>
            <button
              type="button"
              aria-label={`${switchLabel} ${p.name}`}
              title={switchLabel}
              disabled={updating.isLoading}
              onClick={() => void toggle(!p.enabled)}
              className={cx(iconButton, 'text-ink hover:bg-sand/50')}
            >
              <SwitchIcon aria-hidden="true" className="size-4.5" />
            </button>
            <button
              type="button"
              aria-label={`Delete ${p.name}`}
              title="Delete"
              onClick={() => {
                setRefusal(null);
                setAsking(true);
              }}
              className={cx(iconButton, 'text-red-700 hover:bg-red-50')}
            >
              <Trash2 aria-hidden="true" className="size-4.5" />
            </button>
          </>
        ) : (
          <>
            <Link to={promotionLinks.edit(p.id)} aria-label={`Edit ${p.name}`} className={buttonClasses('outline', 'sm')}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit
            </Link>
            <Button
              variant="outline"
              size="sm"
              aria-label={`${switchLabel} ${p.name}`}
              loading={updating.isLoading && !asking}
              onClick={() => void toggle(!p.enabled)}
              icon={<SwitchIcon aria-hidden="true" className="size-4" />}
            >
              {switchLabel}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete ${p.name}`}
              className="text-red-700 hover:bg-red-50"
              onClick={() => {
                setRefusal(null);
                setAsking(true);
              }}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
            >
              Delete
            </Button>
          </>
        )}
      </div>
      <Modal
        open={asking}
        onClose={close}
        title={`Delete “${p.name}”?`}
        description={
          refusal === null ? 'It goes for good. One that orders have used can only be switched off.' : undefined
        }
        confirmLabel={refusal === null ? 'Delete' : p.enabled ? 'Switch it off' : undefined}
        confirmVariant={refusal === null ? 'danger' : 'primary'}
        confirmLoading={removing.isLoading || updating.isLoading}
        onConfirm={() => void confirm()}
        cancelLabel={refusal !== null && !p.enabled ? 'Close' : 'Cancel'}
      >
        {refusal !== null && (
          <p role="alert" className="text-sm font-medium text-red-700">
            {refusal}
          </p>
        )}
      </Modal>
    </>
  );
}
