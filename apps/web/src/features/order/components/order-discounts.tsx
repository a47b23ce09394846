import { formatRupees } from '@shop/shared/money';
import type { AppliedDiscount } from '@shop/shared/promotions';

/**
 * docs/product.md, Promotions: what an order got, each promotion a `<dt>`/`<dd>` pair for the list it sits
 * in: "Diwali Sale (DIWALI20) −₹500", or "Free shipping" for one that waived the charge.
 */
export function OrderDiscounts({
  discounts = [],
  rowClassName,
}: {
  discounts?: readonly AppliedDiscount[];
  rowClassName?: string;
}) {
  return (
    <>
      {discounts.map((d) => (
        <div key={d.promotionId} className={rowClassName}>
          <dt className="text-ink-soft">{d.code ? `${d.name} (${d.code})` : d.name}</dt>
          <dd className="font-semibold text-green-800">
            {d.kind === 'free_shipping' ? 'Free shipping' : `−${formatRupees(d.amountRupees)}`}
          </dd>
        </div>
      ))}
    </>
  );
}
