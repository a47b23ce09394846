import { useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useAddToCart } from '../use-add-to-cart';

/** The colour and size picked on the product page, and the stock and price that follow from them. */
export interface PurchasePicks {
  color: string | null;
  /** The size's number; null while none (or one sold out in the colour) is picked. */
  size: number | null;
  /** The colour × size, for a product with stock per variant. */
  variant: { id: number } | null;
  stock: number;
  price: number;
  discountedPrice: number;
}

export function ProductPurchase({
  product,
  picks,
  guest,
}: {
  product: Pick<Product, 'id' | 'title' | 'salePrice'>;
  picks: PurchasePicks;
  /** A visitor who is not signed in: the choice goes into the bag kept on this device. */
  guest: boolean;
}) {
  const addToCart = useAddToCart(guest);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (adding) return;
    setAdding(true);
    await addToCart({
      product: { id: product.id, title: product.title, stock: picks.stock },
      color: picks.color,
      size: picks.size,
      variant: picks.variant?.id ?? null,
    });
    setAdding(false);
  };
  const button = (className: string) => (
    <Button
      size="lg"
      onClick={() => void add()}
      loading={adding}
      icon={<ShoppingBag aria-hidden="true" className="size-5" />}
      className={className}
    >
      Add to Cart
    </Button>
  );

  return (
    <>
      <div className="mt-8 hidden lg:block">{button('w-full')}</div>

      {/* docs/style.md, Look: on phones Add to Cart stays in reach at the bottom of the screen. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-sand bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-xl items-center gap-4">
          {/* An automatic sale's price is the product's (decision 044), the usual one struck through. */}
          <Price
            price={product.salePrice ?? picks.discountedPrice}
            original={product.salePrice ? picks.discountedPrice : picks.price}
            className="shrink-0"
          />
          {button('flex-1')}
        </div>
      </div>
    </>
  );
}
