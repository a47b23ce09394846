import type { ReactNode } from 'react';
import { formatRupees, paiseToRupees, rupeesToPaise } from '@shop/shared/money';
import { soldSizeText, type SizeUnit } from '@shop/shared/sizes';
import { cx } from '../../../components/ui/cx';
import { colourName } from '../../../lib/colour-name';

/** src and srcSet for a product picture; pages pass the product feature's responsive images. */
export type ImageFor = (url: string) => { src: string; srcSet?: string };

const plainImage: ImageFor = (url) => ({ src: url });

/** What a row reads of an order line or a cart line (both have this shape). */
export interface OrderItemLine {
  quantity: number;
  color: string;
  size: number;
  variant?: { size: string } | null;
  product: { title: string; brand: string; thumbnail: string; discountedPrice: number; sizeUnit?: SizeUnit };
  /** What promotions took off the line, in rupees (docs/product.md, Promotions). */
  discountRupees?: number;
}

export interface OrderItemRowProps {
  item: OrderItemLine;
  imageFor?: ImageFor;
  /** The admin table's cell: a small picture, the title and Qty: x × price only. */
  compact?: boolean;
  /** h3 where the rows sit under a heading of their own order (My Orders). */
  titleAs?: 'h3' | 'p';
  action?: ReactNode;
  className?: string;
}

/** One line of an order or of the order being placed. A list item: render it inside a <ul>. */
export function OrderItemRow({
  item,
  imageFor = plainImage,
  compact = false,
  titleAs: Title = 'p',
  action,
  className,
}: OrderItemRowProps) {
  const { product } = item;
  const img = imageFor(product.thumbnail);
  const qty = `Qty: ${item.quantity} × ${formatRupees(product.discountedPrice)}`;
  return (
    <li className={cx('flex', compact ? 'items-center gap-2.5' : 'gap-4 py-4', className)}>
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes={compact ? '40px' : '64px'}
        alt=""
        width={compact ? 40 : 64}
        height={compact ? 53 : 85}
        loading="lazy"
        className={cx(
          'aspect-[3/4] shrink-0 bg-sand/50 object-cover',
          compact ? 'w-10 rounded-md' : 'w-16 rounded-lg',
        )}
      />
      {compact ? (
        <div className="min-w-0">
          <Title className="line-clamp-2 leading-snug font-medium text-ink">{product.title}</Title>
          <p className="text-xs text-ink-soft">{qty}</p>
        </div>
      ) : (
        <div className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:justify-between sm:gap-4">
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wider text-teal uppercase">{product.brand}</p>
            <Title className="font-medium text-ink">{product.title}</Title>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-ink-soft">
              <span className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-3.5 rounded-full ring-1 ring-ink/20"
                  style={{ backgroundColor: item.color }}
                />
                {colourName(item.color)}
              </span>
              <span>Size {soldSizeText(item)}</span>
              <span>{qty}</span>
            </p>
          </div>
          <p className="text-sm font-semibold whitespace-nowrap text-ink sm:text-right">
            <span className="sr-only">Line total </span>
            {formatRupees(paiseToRupees(rupeesToPaise(product.discountedPrice) * item.quantity))}
            {item.discountRupees ? (
              <span className="block text-xs font-medium text-green-800">
                Offer −{formatRupees(item.discountRupees)}
              </span>
            ) : null}
          </p>
        </div>
      )}
      {action && <div className="-mt-2.5 -mr-2.5 shrink-0">{action}</div>}
    </li>
  );
}
