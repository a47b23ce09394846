import { useState } from 'react';
import { toast } from 'react-toastify';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { Address } from '@shop/shared/address';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/shared/constants';
import { MESSAGES } from '@shop/shared/messages';
import type { OrderBody } from '@shop/shared/order';
import { rupeesToPaise } from '@shop/shared/money';
import type { CartOffers } from '@shop/shared/promotions';
import { normalisePin, PIN_RE } from '@shop/shared/pin';
import { cartOffersApi, useRemovePromoCodeMutation } from '../../features/cart/cart-offers-api';
import { useCartOffers } from '../../features/cart/offer-rows';
import { useCart } from '../../features/cart/use-cart';
import { useRemoveCartItem } from '../../features/cart/use-remove-cart-item';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useCreateOrderMutation } from '../../features/order/order-api';
import { orderPlaced, selectCurrentOrder } from '../../features/order/order-slice';
import { useLastShippingAddress } from '../../features/order/use-last-shipping-address';
import { takesCards, useGetPaymentConfigQuery } from '../../features/payment/payment-api';
import { useCardPayment } from '../../features/payment/use-card-payment';
import { useSaveAddresses } from '../../features/user/use-save-addresses';
import { useGetOwnUserQuery, useLookUpPinQuery } from '../../features/user/user-api';
import { useCodRules } from '../../features/settings/use-cod-rules';
import { paths } from '../../config/paths';
import { ASK_ONCE } from '../../lib/base-api';
import { errorText } from '../../lib/error-text';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { defaultAddressIndex } from './default-address';
import { cashOnDeliveryTerms } from './cod-terms';

const CASH_ONLY: readonly PaymentMethod[] = ['cash'];

export function useCheckout() {
  const dispatch = useAppDispatch();
  const cart = useCart(true);
  const { items, loaded, total, pieces } = cart;
  const { data: user } = useGetOwnUserQuery();
  const currentOrder = useAppSelector(selectCurrentOrder);
  const [createOrder, { isLoading: placingCash }] = useCreateOrderMutation();
  const payment = useGetPaymentConfigQuery(undefined, ASK_ONCE);
  const cardPayments = takesCards(payment.data);
  const pay = useCardPayment();
  const { save: saveAddresses } = useSaveAddresses();
  const removeItem = useRemoveCartItem(MESSAGES.productRemovedFromCart, false);
  const lastAddress = useLastShippingAddress();
  const [chosenIndex, setAddressIndex] = useState<number | null>(null);
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<number | null>(null);
  /** docs/product.md, Promotions: the server's word that the cart's code can no longer be used (a 409). */
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const [deleteCode, removingCode] = useRemovePromoCodeMutation();

  const addresses = user?.addresses ?? [];
  const addressIndex = chosenIndex ?? defaultAddressIndex(addresses, lastAddress);
  const methods = cardPayments ? PAYMENT_METHODS : CASH_ONLY;
  const cod = useCodRules();
  const pin = normalisePin((addressIndex === null ? undefined : addresses[addressIndex])?.pinCode ?? '');
  const deliveryPin = PIN_RE.test(pin) ? pin : undefined;
  const place = useLookUpPinQuery(deliveryPin ?? skipToken, ASK_ONCE).currentData;
  // docs/product.md, Promotions: priced as the order will be, the offers for paying online in once card is
  // chosen. The cash rules (limits, fee) are on the goods after the offers any method gets.
  const chosenOffers = useCartOffers(items, { method: chosenMethod === 'card' ? 'card' : undefined });
  const terms = cashOnDeliveryTerms(
    cod,
    rupeesToPaise(total) - cashSavingPaise(chosenOffers),
    place,
    cardPayments,
  );
  // Cash the shop will not take for this order leaves card chosen, the only way left.
  const method = terms.cashProblem ? (cardPayments ? 'card' : null) : cardPayments ? chosenMethod : 'cash';
  const cardLeft = method === 'card' && chosenMethod !== 'card';
  const cardOffers = useCartOffers(items, { method: 'card', skip: !cardLeft });
  const offers = cardLeft ? (cardOffers ?? chosenOffers) : chosenOffers;

  async function addAddress(address: Address) {
    if (!user) return;
    const saved = await saveAddresses(user, [...addresses, address], MESSAGES.addressAdded);
    if (!saved) return;
    setAddressIndex(saved.addresses.length - 1);
    setAdding(false);
  }

  // Removing the last line empties the cart, and the redirect sends the shopper home.
  async function removeLine(id: number) {
    const item = items.find((i) => i.id === id);
    if (!item) return;
    setRemovingId(id);
    await removeItem(item);
    setRemovingId(null);
  }

  // An error from an earlier attempt (stock, payment, a missing choice) must not stand beside the success.
  function placed() {
    toast.dismiss();
    toast.success(MESSAGES.orderPlaced);
  }

  // docs/product.md, Errors: a refusal (the stock error) is a toast, and the cart is read again. The cart's
  // code refused (Promotions) is said beside Place Order, with the offer to order without it.
  function refused(message: string, code?: string) {
    if (code === 'promo_code') {
      setCodeRefusal(message);
      dispatch(cartOffersApi.util.invalidateTags(['Offers']));
      return;
    }
    toast.error(message);
    void cart.refetch();
  }

  async function placeCash(order: OrderBody, idempotencyKey: string) {
    const result = await createOrder({ order, idempotencyKey });
    if (result.error) refused(errorText(result.error), result.error.code);
    else placed();
  }

  async function placeByCard(order: OrderBody, idempotencyKey: string, address: Address) {
    setPaying(true);
    setPaymentError(null);
    const outcome = await pay({
      order,
      idempotencyKey,
      prefill: { name: address.name, email: address.email, contact: address.phone },
    });
    setPaying(false);
    if (outcome.status === 'paid') {
      dispatch(orderPlaced(outcome.order));
      placed();
    } else if (outcome.status === 'failed' && outcome.code === 'promo_code') {
      refused(outcome.message, outcome.code);
    } else {
      // The reason stays beside Place Order too (docs/decisions/005).
      setPaymentError(outcome.message);
      refused(outcome.message);
    }
  }

  /** `withoutCode`: the shopper chose to order without the cart's code the server refused. */
  async function placeOrder(withoutCode = false) {
    const selectedAddress = addressIndex === null ? undefined : addresses[addressIndex];
    if (!selectedAddress || !method || !user) {
      // With cash refused and no card payments there is nothing to choose: the reason is the message.
      toast.error(!cardPayments && terms.cashProblem ? terms.cashProblem : MESSAGES.selectAddressAndPayment);
      return;
    }
    // Only what the server keeps: it prices the order from the cart (docs/decisions/003).
    const order: OrderBody = { paymentMethod: method, selectedAddress, ...(withoutCode && { withoutCode }) };
    // A new attempt, so a new key: the body differs from the refused one's.
    const idempotencyKey = newIdempotencyKey();
    setCodeRefusal(null);
    if (method === 'cash') await placeCash(order, idempotencyKey);
    else await placeByCard(order, idempotencyKey, selectedAddress);
  }

  // docs/product.md, Checkout: once an order exists, its success page; with nothing to buy, home.
  const redirect = currentOrder
    ? paths.orderSuccess(currentOrder.id)
    : loaded && items.length === 0 && !paying
      ? paths.home
      : null;

  return {
    redirect,
    /** The cart and the payment setup are known (the user too, once `user` is set). */
    ready: loaded && (payment.isSuccess || payment.isError),
    user,
    items,
    total,
    pieces,
    addresses,
    addressIndex,
    setAddressIndex,
    adding,
    setAdding,
    addAddress,
    methods,
    method,
    setMethod,
    /** The cash fee, the prepaid discount and why cash is not offered, as the server will apply them. */
    terms,
    adjustments: terms.adjustments(method),
    deliveryProblem: place && !place.deliverable ? `We do not deliver to ${place.pin} yet` : null,
    /** The chosen address's PIN, for the shipping quote; undefined without a valid one. */
    deliveryPin,
    removingId,
    removeLine,
    busy: placingCash || paying,
    paymentError,
    placeOrder,
    /** The cart's promotions as this order would get them; undefined while unknown. */
    offers,
    codeRefusal,
    placeWithoutCode: () => placeOrder(true),
    /** Takes the refused code off the cart: the shopper sees the new total and places the order again. */
    removeCode: async () => {
      const result = await deleteCode();
      if (result.error) toast.error(errorText(result.error));
      else setCodeRefusal(null);
    },
    removingCode: removingCode.isLoading,
  };
}

/** What the offers take off the goods whatever the payment method (a pay-online offer aside), in paise. */
function cashSavingPaise(offers: CartOffers | undefined): number {
  if (!offers) return 0;
  const online = offers.discounts
    .filter((d) => d.kind === 'prepaid')
    .reduce((sum, d) => sum + rupeesToPaise(d.amountRupees), 0);
  return rupeesToPaise(offers.discountRupees) - online;
}
