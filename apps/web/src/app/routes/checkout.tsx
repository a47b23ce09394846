import { useEffect, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { AlertCircle, Banknote, CreditCard, Lock, Plus, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import type { Address } from '@shop/shared/address';
import type { PaymentMethod } from '@shop/shared/constants';
import { Button } from '../../components/ui/button';
import { cx } from '../../components/ui/cx';
import { PageSpinner } from '../../components/ui/spinner';
import {
  deleteCartItem,
  fetchCart,
  selectCartQuantity,
  selectCartTotal,
} from '../../features/cart/cart-slice';
import { useCart } from '../../features/cart/use-cart';
import { OrderItemRow } from '../../features/order/components/order-item-row';
import { OrderSummary } from '../../features/order/components/order-summary';
import { PAYMENT_METHOD_LABEL } from '../../features/order/components/order-card';
import { newIdempotencyKey } from '../../features/order/idempotency-key';
import {
  createOrder,
  orderErrorCleared,
  orderPlaced,
  selectCurrentOrder,
  selectOrderError,
  selectOrderStatus,
} from '../../features/order/order-slice';
import { paymentReset, selectPaymentError, selectPaymentStatus } from '../../features/payment/payment-slice';
import { useCardPayment } from '../../features/payment/use-card-payment';
import { responsiveImage } from '../../features/product/components/product-image';
import { AddressCard } from '../../features/user/components/address-card';
import { AddressForm } from '../../features/user/components/address-form';
import { fetchLoggedInUser, selectUserInfo, updateUser } from '../../features/user/user-slice';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../hooks';
import { PageFrame } from '../layout/page-frame';

const METHODS: { value: PaymentMethod; hint: string; icon: ReactNode }[] = [
  {
    value: 'cash',
    hint: 'Pay in cash when your order arrives',
    icon: <Banknote aria-hidden="true" className="size-6" />,
  },
  {
    value: 'card',
    hint: 'Credit or debit card, UPI or net banking',
    icon: <CreditCard aria-hidden="true" className="size-6" />,
  },
];

function Step({
  n,
  title,
  children,
  action,
}: {
  n: number;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`step-${n}`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`step-${n}`} className="flex items-center gap-3 text-xl font-semibold text-ink">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-maroon font-sans text-sm font-bold text-white"
          >
            {n}
          </span>
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

const choiceClass = (checked: boolean) =>
  cx(
    'flex cursor-pointer gap-3 rounded-xl border p-4 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal',
    checked ? 'border-maroon bg-maroon/[0.03] ring-1 ring-maroon' : 'border-sand hover:border-maroon/40',
  );

/** SPEC §2 checkout: address, payment method, summary, Place Order; cash places at once, card opens the provider. */
export default function CheckoutPage() {
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
  const pay = useCardPayment();
  const [addressIndex, setAddressIndex] = useState<number | null>(null);
  const [method, setMethod] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);
  const [paying, setPaying] = useState(false);
  const [removingId, setRemovingId] = useState<number | null>(null);

  useEffect(() => {
    void dispatch(fetchLoggedInUser());
    dispatch(paymentReset());
  }, [dispatch]);

  // SPEC §8: the order error from the store (the stock error) is a toast, shown once.
  useEffect(() => {
    if (!orderError) return;
    toast.error(orderError);
    dispatch(orderErrorCleared());
    void dispatch(fetchCart());
  }, [dispatch, orderError]);

  const addresses = user?.addresses ?? [];
  const showForm = adding || (user !== null && addresses.length === 0);

  async function saveAddress(address: Address) {
    if (!user) return;
    const r = await dispatch(updateUser({ id: user.id, addresses: [...addresses, address] }));
    if (updateUser.fulfilled.match(r)) {
      toast.success('Address added successfully!');
      setAddressIndex(r.payload.addresses.length - 1);
      setAdding(false);
    } else {
      toast.error((r.payload as string | undefined) ?? 'Something went wrong');
    }
  }

  // Removing the last line empties the cart, and the redirect below sends the shopper home.
  async function removeLine(id: number) {
    setRemovingId(id);
    const r = await dispatch(deleteCartItem(id));
    setRemovingId(null);
    if (deleteCartItem.fulfilled.match(r)) toast.success('Product removed from cart');
    else toast.error((r.payload as string | undefined) ?? 'Something went wrong');
  }

  async function placeOrder() {
    const selectedAddress = addressIndex === null ? undefined : addresses[addressIndex];
    if (!selectedAddress || !method || !user) {
      toast.error('Please select address and payment method');
      return;
    }
    // SPEC §7 sends the whole order; the server prices it from the cart (DESIGN §3).
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
      if (createOrder.fulfilled.match(r)) toast.success('Order Placed Successfully');
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
      toast.success('Order Placed Successfully');
    } else {
      toast.error(outcome.message);
      void dispatch(fetchCart());
    }
  }

  // SPEC §2: once an order exists, its success page; with nothing to buy, home.
  if (currentOrder) return <Navigate to={paths.orderSuccess(currentOrder.id)} replace />;
  if (loaded && items.length === 0 && !paying) return <Navigate to={paths.home} replace />;
  if (!loaded || !user) {
    return (
      <PageFrame>
        <PageSpinner />
      </PageFrame>
    );
  }

  const busy = placingCash || paymentBusy || paying;

  return (
    <PageFrame>
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">Checkout</h1>
      <p className="mt-1 text-ink-soft">
        Almost there: tell us where to send your sarees and how you would like to pay.
      </p>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12 lg:items-start">
        <div className="space-y-6 lg:col-span-7">
          <Step
            n={1}
            title="Shipping Address"
            action={
              addresses.length > 0 &&
              !adding && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setAdding(true)}
                  icon={<Plus aria-hidden="true" className="size-4" />}
                >
                  Add New Address
                </Button>
              )
            }
          >
            {addresses.length > 0 && (
              <fieldset>
                <legend className="sr-only">Choose a saved address</legend>
                <div className="grid gap-3">
                  {addresses.map((a, i) => (
                    <label key={`${a.name}-${a.street}-${i}`} className={choiceClass(addressIndex === i)}>
                      <input
                        type="radio"
                        name="address"
                        checked={addressIndex === i}
                        onChange={() => setAddressIndex(i)}
                        aria-label={`${a.name}, ${a.street}, ${a.city}`}
                        className="mt-1 size-4 shrink-0 accent-maroon"
                      />
                      <AddressCard address={a} className="flex-1" />
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
            {showForm && (
              <div className={cx(addresses.length > 0 && 'mt-6 border-t border-sand pt-6')}>
                <h3 className="mb-4 font-sans text-base font-semibold text-ink">New address</h3>
                <AddressForm
                  submitLabel="Save Address"
                  onSubmit={saveAddress}
                  onCancel={addresses.length > 0 ? () => setAdding(false) : undefined}
                  defaultValues={{ name: user.name, email: user.email, phone: user.phoneNumber }}
                />
              </div>
            )}
          </Step>

          <Step n={2} title="Payment Method">
            <fieldset>
              <legend className="sr-only">Choose a payment method</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                {METHODS.map((m) => (
                  <label key={m.value} className={choiceClass(method === m.value)}>
                    <input
                      type="radio"
                      name="paymentMethod"
                      value={m.value}
                      checked={method === m.value}
                      onChange={() => setMethod(m.value)}
                      className="mt-1 size-4 shrink-0 accent-maroon"
                    />
                    <span className="flex flex-1 items-start justify-between gap-3">
                      <span>
                        <span className="block font-semibold text-ink">{PAYMENT_METHOD_LABEL[m.value]}</span>
                        <span className="mt-0.5 block text-sm text-ink-soft">{m.hint}</span>
                      </span>
                      <span className="text-maroon">{m.icon}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </Step>
        </div>

        <OrderSummary
          subtotal={total}
          totalItems={pieces}
          shipping="Included"
          className="lg:sticky lg:top-28 lg:col-span-5"
          lines={
            // Only beside the form (lg, sticky) does the list scroll within itself; on a phone it flows with the page.
            <ul className="divide-y divide-sand/70 lg:max-h-96 lg:overflow-y-auto lg:pr-1">
              {items.map((item) => (
                <OrderItemRow
                  key={item.id}
                  item={item}
                  imageFor={responsiveImage}
                  className={cx(
                    'transition-opacity first:pt-0 last:pb-0',
                    removingId === item.id && 'opacity-60',
                  )}
                  action={
                    <button
                      type="button"
                      onClick={() => void removeLine(item.id)}
                      disabled={busy || removingId !== null}
                      title="Remove"
                      className="flex size-11 items-center justify-center rounded-lg text-ink-soft transition-colors hover:bg-maroon/5 hover:text-maroon disabled:opacity-60"
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="sr-only">Remove {item.product.title}</span>
                    </button>
                  }
                />
              ))}
            </ul>
          }
        >
          {paymentError && (
            <div
              role="alert"
              className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>{paymentError}</p>
            </div>
          )}
          <Button
            size="lg"
            className="w-full"
            onClick={() => void placeOrder()}
            loading={busy}
            disabled={removingId !== null}
            icon={<Lock aria-hidden="true" className="size-4" />}
          >
            Place Order
          </Button>
          <p className="text-center text-xs text-ink-soft">
            Your details are sent securely.{' '}
            <Link to={paths.cart} className="font-medium text-teal hover:underline">
              Edit cart
            </Link>
          </p>
        </OrderSummary>
      </div>
    </PageFrame>
  );
}
