import { useState } from 'react';
import { ShoppingBag } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { Button } from '../../../components/ui/button';
import { Price } from '../../../components/ui/price';
import { useAddToCart } from '../use-add-to-cart';
import { ColourPicker, SizePicker } from './variant-pickers';

export function ProductPurchase({
  product,
  guest,
}: {
  product: Pick<Product, 'id' | 'title' | 'stock' | 'colors' | 'sizes' | 'price' | 'discountedPrice'>;
  /** A visitor who is not signed in: the choice goes into the bag kept on this device. */
  guest: boolean;
}) {
  const addToCart = useAddToCart(guest);
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<number | null>(null);
  const [adding, setAdding] = useState(false);

  const add = async () => {
    if (adding) return;
    setAdding(true);
    await addToCart({ product, color, size });
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
      <div className="mt-6 space-y-6 border-t border-sand pt-6">
        {product.colors.length > 0 && (
          <ColourPicker colours={product.colors} value={color} onChange={setColor} />
        )}
        {product.sizes.length > 0 && <SizePicker sizes={product.sizes} value={size} onChange={setSize} />}
      </div>

      <div className="mt-8 hidden lg:block">{button('w-full')}</div>

      {/* docs/style.md, Look: on phones Add to Cart stays in reach at the bottom of the screen. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-sand bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-xl items-center gap-4">
          <Price price={product.discountedPrice} original={product.price} className="shrink-0" />
          {button('flex-1')}
        </div>
      </div>
    </>
  );
}
