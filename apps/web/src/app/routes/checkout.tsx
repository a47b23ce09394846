import { Navigate } from 'react-router';
import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { PaymentMethodPicker } from '../../features/order/components/payment-method-picker';
import { AddressChooser } from '../../features/user/components/address-chooser';
import { selectLoggedInUser } from '../../features/auth/auth-slice';
import { useAppSelector } from '../../lib/store-hooks';
import { CheckoutStep } from '../checkout/checkout-step';
import { GuestCheckout } from '../checkout/guest-checkout';
import { CheckoutSummary } from '../checkout/checkout-summary';
import { useCheckout } from '../checkout/use-checkout';
import { PageFrame } from '../layout/page-frame';

export default function CheckoutPage() {
  const signedIn = useAppSelector(selectLoggedInUser) !== null;
  return signedIn ? <AccountCheckout /> : <GuestCheckout />;
}

function AccountCheckout() {
  const c = useCheckout();

  if (c.redirect) return <Navigate to={c.redirect} replace />;
  if (!c.ready || !c.user) {
    return (
      <PageFrame>
        <PageSpinner />
      </PageFrame>
    );
  }

  return (
    <PageFrame>
      <h1 className="text-3xl font-bold text-ink sm:text-4xl">Checkout</h1>
      <p className="mt-1 text-ink-soft">
        Almost there: tell us where to send your sarees and how you would like to pay.
      </p>

      <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-12 lg:items-start">
        <div className="space-y-6 lg:col-span-7">
          <CheckoutStep
            n={1}
            title="Shipping Address"
            action={
              c.addresses.length > 0 &&
              !c.adding && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => c.setAdding(true)}
                  icon={<Plus aria-hidden="true" className="size-4" />}
                >
                  Add New Address
                </Button>
              )
            }
          >
            <AddressChooser
              addresses={c.addresses}
              selected={c.addressIndex}
              onSelect={c.setAddressIndex}
              adding={c.adding}
              onAdd={c.addAddress}
              onCancelAdding={() => c.setAdding(false)}
              defaults={{ name: c.user.name, email: c.user.email, phone: c.user.phoneNumber }}
            />
          </CheckoutStep>

          <CheckoutStep n={2} title="Payment Method">
            <PaymentMethodPicker
              methods={c.methods}
              value={c.method}
              onChange={c.setMethod}
              unavailable={c.terms.cashProblem ? { cash: c.terms.cashProblem } : undefined}
              notes={c.terms.notes}
            />
          </CheckoutStep>
        </div>

        <CheckoutSummary
          items={c.items}
          subtotal={c.total}
          pieces={c.pieces}
          adjustments={c.adjustments}
          notice={c.deliveryProblem}
          deliveryState={c.addressIndex === null ? undefined : c.addresses[c.addressIndex]?.state}
          deliveryPin={c.deliveryPin}
          removingId={c.removingId}
          onRemove={(id) => void c.removeLine(id)}
          busy={c.busy}
          paymentError={c.paymentError}
          onPlaceOrder={() => void c.placeOrder()}
          promotions={{
            offers: c.offers,
            refusal: c.codeRefusal,
            onPlaceWithoutCode: () => void c.placeWithoutCode(),
            onRemoveCode: () => void c.removeCode(),
            removingCode: c.removingCode,
          }}
        />
      </div>
    </PageFrame>
  );
}
