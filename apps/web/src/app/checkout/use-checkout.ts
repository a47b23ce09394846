import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { Address } from '@shop/shared/address';
import { PAYMENT_METHODS, type PaymentMethod } from '@shop/shared/constants';
import { MESSAGES } from '@shop/shared/messages';
import { fetchCart, selectCartQuantity, selectCartTotal } from '../../features/cart/cart-slice';
import { useCart } from '../../features/cart/use-cart';
import { useRemoveCartItem } from '../../features/cart/use-remove-cart-item';
import { newIdempotencyKey } from '../../features/order/idempotency-key';
import {
  createOrder,
  orderErrorCleared,
  orderPlaced,
  selectCurrentOrder,
  selectOrderError,
  selectOrderStatus,
} from '../../features/order/order-slice';
import {
  fetchPaymentConfig,
  paymentReset,
  selectCardPayments,
  selectPaymentConfigLoaded,
  selectPaymentError,
  selectPaymentStatus,
} from '../../features/payment/payment-slice';
import { useCardPayment } from '../../features/payment/use-card-payment';
import { useLastShippingAddress } from '../../features/order/use-last-shipping-address';
import { useSaveAddresses } from '../../features/user/use-save-addresses';
import { fetchLoggedInUser, selectUserInfo } from '../../features/user/user-slice';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { defaultAddressIndex } from './default-address';

const CASH_ONLY: readonly PaymentMethod[] = ['cash'];

/**
 * Checkout across cart, user, order and payment: the address and payment choices, removing
 * lines, and Place Order (cash places at once, card goes through the provider's window).
 */
export function useCheckout() {
  const dispatch = useAppDispatch();
  const { items, loaded } = useCart();
  const total = useAppSelector(selectCartTotal);
  const pieces = useAppSelector(selectCartQuantity);
  const user = useAppSelector(selectUserInfo);
  const currentOrder = useAppSelector(selectCurrentOrder);
  const orderError = useAppSelector(selectOrderError);
  const placingCash = useAppSelector(selectOrderStatus) === 'loading';
  const paymentError = useAppSelector(selectPaymentError);
  const paymentBusy = useAppSelector(selectPaymentStatus) === 'loading';
  const configLoaded = useAppSelector(selectPaymentConfigLoaded);
  const cardPayments = useAppSelector(selectCardPayments);
  const pay = useCardPayment();
  const saveAddresses = useSaveAddresses();
  const removeItem = useRemoveCartItem(MESSAGES.productRemovedFromCart);
  const lastAddress = useLastShippingAddress();
  const [chosenIndex, setAddressIndex] = useState<number | null>(null);
  const [chosenMethod, setMethod] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState(false);
  const [removingId, setRemovingId] = useState<number | null>(null);

  useEffect(() => {
    void dispatch(fetchLoggedInUser());
    dispatch(paymentReset());
    void dispatch(fetchPaymentConfig());
  }, [dispatch]);

  // docs/product.md, Errors: the order error from the store (the stock error) is a toast, shown once.
  useEffect(() => {
    if (!orderError) return;
    toast.error(orderError);
    dispatch(orderErrorCleared());
    void dispatch(fetchCart());
  }, [dispatch, orderError]);

  const addresses = user?.addresses ?? [];
  // Issue 17: the address the last order went to (or the only one) is chosen until the shopper picks.
  const addressIndex = chosenIndex ?? defaultAddressIndex(addresses, lastAddress);
  // Issue 12: a shop without card payments offers cash on delivery only, already chosen.
  const methods = cardPayments ? PAYMENT_METHODS : CASH_ONLY;
  const method = cardPayments ? chosenMethod : 'cash';

  async function addAddress(address: Address) {
    if (!user) return;
    const saved = await saveAddresses(user, [...addresses, address], MESSAGES.addressAdded);
    if (!saved) return;
    setAddressIndex(saved.addresses.length - 1);
    setAdding(false);
  }

  // Removing the last line empties the cart, and the redirect sends the shopper home.
  async function removeLine(id: number) {
    setRemovingId(id);
    await removeItem(id);
    setRemovingId(null);
  }

  // An error from an earlier attempt (stock, payment, a missing choice) must not stand beside the success.
  function placed() {
    toast.dismiss();
    toast.success(MESSAGES.orderPlaced);
  }

  async function placeOrder() {
    const selectedAddress = addressIndex === null ? undefined : addresses[addressIndex];
    if (!selectedAddress || !method || !user) {
      toast.error(MESSAGES.selectAddressAndPayment);
      return;
    }
    // The whole order, as the original client sends it; the server prices it from the cart (docs/decisions/003).
    const order = {
      items,
      totalAmount: total,
      totalItems: pieces,
      user: user.id,
      paymentMethod: method,
      selectedAddress,
      status: 'pending',
    };
    const idempotencyKey = newIdempotencyKey();
    if (method === 'cash') {
      const r = await dispatch(createOrder({ order, idempotencyKey }));
      if (createOrder.fulfilled.match(r)) placed();
      return;
    }
    setPaying(true);
    const outcome = await pay({
      order,
      idempotencyKey,
      prefill: { name: selectedAddress.name, email: selectedAddress.email, contact: selectedAddress.phone },
    });
    setPaying(false);
    if (outcome.status === 'paid') {
      dispatch(orderPlaced(outcome.order));
      placed();
    } else {
      toast.error(outcome.message);
      void dispatch(fetchCart());
    }
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
    ready: loaded && configLoaded,
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
    removingId,
    removeLine,
    busy: placingCash || paymentBusy || paying,
    paymentError,
    placeOrder,
  };
}
