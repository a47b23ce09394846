import { useId } from 'react';
import { Link } from 'react-router';
import { Trash2 } from 'lucide-react';
import type { CartItem } from '@shop/shared/cart';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { soldSizeText } from '@shop/shared/sizes';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { Price } from '../../../components/ui/price';
import { paths } from '../../../config/paths';
import { colourName } from '../../../lib/colour-name';

export type ImageFor = (url: string) => { src: string; srcSet?: string };

export interface CartLineProps {
  item: CartItem;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
  busy?: boolean;
  imageFor?: ImageFor;
  /** What promotions take off this line, in rupees (docs/product.md, Promotions). */
  discountRupees?: number;
}

/** The selector offers 1 up to stock (and keeps a larger chosen amount visible). */
function quantityOptions(stock: number, quantity: number): number[] {
  const top = Math.max(stock, quantity);
  return Array.from({ length: top }, (_, i) => i + 1);
}

export function CartLine({
  item,
  onQuantityChange,
  onRemove,
  busy = false,
  imageFor = (src) => ({ src }),
  discountRupees = 0,
}: CartLineProps) {
  const { product } = item;
  const img = imageFor(product.thumbnail);
  const qtyId = useId();
  const lineTotal = paiseToRupees(rupeesToPaise(product.discountedPrice) * item.quantity);
  return (
    <li className={cx('flex gap-4 py-5 transition-opacity sm:gap-6', busy && 'opacity-60')}>
      <Link
        to={paths.productDetail(product.id)}
        className="shrink-0 overflow-hidden rounded-lg"
        tabIndex={-1}
        aria-hidden="true"
      >
        <img
          src={img.src}
          srcSet={img.srcSet}
          sizes="128px"
          alt=""
          width={96}
          height={128}
          loading="lazy"
          className="aspect-[3/4] w-24 bg-gradient-to-br from-sand/70 to-gold-light/40 object-cover sm:w-28"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="flex flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wider text-teal uppercase">{product.brand}</p>
            <h3 className="font-serif text-base leading-snug font-semibold text-ink sm:text-lg">
              <Link to={paths.productDetail(product.id)} className="hover:text-maroon">
                {product.title}
              </Link>
            </h3>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  style={{ backgroundColor: item.color }}
                  className="size-3.5 rounded-full ring-1 ring-ink/20"
                />
                Colour: {colourName(item.color)}
              </span>
              <span>Size: {soldSizeText(item)}</span>
            </p>
          </div>
          <div className="sm:text-right">
            <Price price={product.discountedPrice} original={product.price} size="sm" />
          </div>
        </div>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 pt-3">
          {product.stock <= 0 ? (
            <Badge tone="red">Out of Stock</Badge>
          ) : (
            <div className="flex items-center gap-2">
              <label htmlFor={qtyId} className="text-sm text-ink-soft">
                Qty<span className="sr-only"> for {product.title}</span>
              </label>
              <select
                id={qtyId}
                value={item.quantity}
                disabled={busy}
                onChange={(e) => onQuantityChange(Number(e.target.value))}
                className="min-h-11 rounded-lg border border-sand bg-white px-3 text-sm font-medium text-ink focus:border-teal focus:ring-2 focus:ring-teal/25 focus:outline-none"
              >
                {quantityOptions(product.stock, item.quantity).map((n) => (
                  <option key={n} value={n} disabled={n > product.stock}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
          )}
          <button
            type="button"
            onClick={onRemove}
            disabled={busy}
            className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium text-maroon hover:bg-maroon/5 disabled:opacity-60"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> {product.title}</span>
          </button>
          <p className="ml-auto text-right text-sm text-ink-soft">
            <span className="sr-only">Line total </span>
            <span className="font-semibold text-ink">{formatRupees(lineTotal)}</span>
            {discountRupees > 0 && (
              <span className="block text-xs font-medium text-green-800">
                Offer −{formatRupees(discountRupees)}
              </span>
            )}
          </p>
        </div>
      </div>
    </li>
  );
}
