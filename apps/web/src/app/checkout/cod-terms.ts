import type { PaymentMethod } from '@shop/shared/constants';
import type { CodSettings } from '@shop/shared/delivery';
import { formatRupees, paiseToRupees } from '@shop/shared/money';
import { codFeePaise, codLimitProblem, type PincodeAnswer } from '@shop/shared/pin';

export interface CashOnDeliveryTerms {
  /** Why cash is not offered for this order; null when it is. */
  cashProblem: string | null;
  feePaise: number;
  prepaidDiscountPaise: number;
  /** The notes beside the payment methods. */
  notes: Partial<Record<PaymentMethod, { text: string; tone: 'fee' | 'saving' }>>;
  /** The summary's rows for the method chosen. */
  adjustments: (method: PaymentMethod | null) => { label: string; rupees: number }[];
}

/**
 * What paying by cash or online does to this order, previewed from the shop's rules (the server
 * computes the real amounts): the fee on the goods' value after discounts, the limits, the PIN's say.
 */
export function cashOnDeliveryTerms(
  cod: CodSettings,
  goodsPaise: number,
  place: PincodeAnswer | undefined,
  onlinePayments: boolean,
): CashOnDeliveryTerms {
  const cashProblem =
    codLimitProblem(cod, goodsPaise) ??
    (place && !place.cod ? `Cash on delivery is not available for PIN code ${place.pin}` : null);
  const feePaise = cashProblem ? 0 : codFeePaise(cod, goodsPaise);
  const prepaidDiscountPaise = onlinePayments ? Math.min(cod.prepaidDiscountRupees * 100, goodsPaise) : 0;
  const money = (paise: number) => formatRupees(paiseToRupees(paise));
  const notes: CashOnDeliveryTerms['notes'] = {};
  if (feePaise > 0) notes.cash = { text: `${money(feePaise)} cash on delivery fee`, tone: 'fee' };
  if (prepaidDiscountPaise > 0) notes.card = { text: `Pay online and save ${money(prepaidDiscountPaise)}`, tone: 'saving' };
  return {
    cashProblem,
    feePaise,
    prepaidDiscountPaise,
    notes,
    adjustments: (method) =>
      method === 'cash' && feePaise > 0
        ? [{ label: 'Cash on delivery fee', rupees: paiseToRupees(feePaise) }]
        : method === 'card' && prepaidDiscountPaise > 0
          ? [{ label: 'Prepaid discount', rupees: -paiseToRupees(prepaidDiscountPaise) }]
          : [],
  };
}
