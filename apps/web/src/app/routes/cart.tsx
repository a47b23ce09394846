import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, Lock, ShoppingBag } from 'lucide-react';
import { MESSAGES } from '@shop/shared/messages';
import { paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { buttonClasses } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { PageSpinner } from '../../components/ui/spinner';
import { CartLine } from '../../features/cart/components/cart-line';
import { CheckoutBar } from '../../features/cart/components/checkout-bar';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { PromoCode } from '../../features/cart/components/promo-code';
import { freeShippingText, lineDiscount, offerRows, useCartOffers } from '../../features/cart/offer-rows';
import { useCart } from '../../features/cart/use-cart';
import { useChangeQuantity } from '../../features/cart/use-change-quantity';
import { useRemoveCartItem } from '../../features/cart/use-remove-cart-item';
import { OrderSummary } from '../../features/order/components/order-summary';
import { responsiveImage } from '../../features/product/components/product-image';
import { paths } from '../../config/paths';
import { useAppSelector } from '../../lib/store-hooks';
import { PageFrame } from '../layout/page-frame';

export default function CartPage() {
  const guest = useAppSelector(selectLoggedInUser) === null;
  const { items, loaded, total, pieces } = useCart(!guest);
  const [busyId, setBusyId] = useState<number | null>(null);
  const setQuantity = useChangeQuantity(guest);
  const removeItem = useRemoveCartItem(MESSAGES.itemRemovedFromCart, guest);
  // docs/product.md, Promotions: a code is kept with an account's cart, so a visitor has no offers to read.
  const offers = useCartOffers(items, { skip: guest });
  const goods = paiseToRupees(rupeesToPaise(total) - rupeesToPaise(offers?.discountRupees ?? 0));

  async function busyWith(id: number, change: Promise<void>) {
    setBusyId(id);
    await change;
    setBusyId(null);
  }

  if (!loaded) {
    return (
      <PageFrame>
        <PageSpinner />
      </PageFrame>
    );
  }

  if (items.length === 0) {
    return (
      <PageFrame className="max-w-3xl py-12">
        <h1 className="sr-only">Shopping Cart</h1>
        <EmptyState
          icon={<ShoppingBag className="size-8" />}
          title="Your Cart is Empty"
          message="Our fairy looked everywhere, but your bag is still waiting for its first saree. Discover silks, cottons and festive drapes picked for you."
          action={
            <Link to={paths.home} className={buttonClasses('primary', 'lg')}>
              Start Shopping
            </Link>
          }
        />
      </PageFrame>
    );
  }

  return (
    <PageFrame bottomBar={<CheckoutBar total={goods} pieces={pieces} />}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold text-ink sm:text-4xl">Shopping Cart</h1>
          <p className="mt-1 text-ink-soft">
            {items.length} {items.length === 1 ? 'item' : 'items'} in your bag
          </p>
        </div>
        <Link
          to={paths.home}
          className="inline-flex min-h-11 items-center gap-1.5 font-medium text-teal hover:text-teal-dark hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Continue Shopping
        </Link>
      </div>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12 lg:items-start">
        <section
          aria-labelledby="cart-items-title"
          className="rounded-xl bg-white px-4 shadow-sm ring-1 ring-sand/70 sm:px-6 lg:col-span-8"
        >
          {/* The lines' titles are h3: this h2 keeps the headings in order (axe heading-order). */}
          <h2 id="cart-items-title" className="sr-only">
            Cart items
          </h2>
          <ul className="divide-y divide-sand/80">
            {items.map((item) => (
              <CartLine
                key={item.id}
                item={item}
                busy={busyId === item.id}
                discountRupees={lineDiscount(offers, item.id)}
                imageFor={responsiveImage}
                onQuantityChange={(q) => void busyWith(item.id, setQuantity(item, q))}
                onRemove={() => void busyWith(item.id, removeItem(item))}
              />
            ))}
          </ul>
        </section>

        <OrderSummary
          subtotal={total}
          totalItems={pieces}
          shipping={freeShippingText(offers) ?? 'Calculated at checkout'}
          discounts={offerRows(offers)}
          className="lg:sticky lg:top-28 lg:col-span-4"
        >
          {!guest && <PromoCode offers={offers} />}
          <Link to={paths.checkout} className={buttonClasses('primary', 'lg', 'w-full')}>
            <Lock aria-hidden="true" className="size-4" />
            Proceed to Checkout
          </Link>
          <p className="text-center text-sm text-ink-soft">
            or{' '}
            <Link to={paths.home} className="font-medium text-teal hover:underline">
              continue shopping
            </Link>
          </p>
        </OrderSummary>
      </div>
    </PageFrame>
  );
}
