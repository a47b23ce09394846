import { Link } from 'react-router';
import { Check, Pencil, Star } from 'lucide-react';
import type { Product } from '@shop/shared/product';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Price } from '../../../components/ui/price';
import { paths } from '../../../config/paths';
import { colourName } from '../../../lib/colour-name';
import { ProductGallery } from '../components/product-gallery';

export function AdminProductDetail({ product: p }: { product: Product }) {
  const discount = Math.round(p.discountPercentage);

  return (
    <article className="grid gap-8 lg:grid-cols-2 lg:gap-12">
      <ProductGallery key={p.id} product={p} />

      <div>
        <div className="flex flex-wrap gap-2">
          {p.deleted && <Badge tone="red">Product deleted</Badge>}
          {!p.deleted && p.stock <= 0 && <Badge tone="dark">Out of stock</Badge>}
          {discount > 0 && <Badge tone="gold">{discount}% OFF</Badge>}
        </div>
        <p className="mt-3 text-sm font-semibold tracking-wider text-teal uppercase">{p.brand}</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">{p.title}</h1>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-ink-soft">
          <Star aria-hidden="true" className="size-4 fill-gold text-gold" />
          <span>
            {p.rating.toFixed(1)}
            <span className="sr-only"> out of 5</span>
          </span>
          <span aria-hidden="true">·</span>
          <span>{p.category}</span>
        </p>
        <Price price={p.discountedPrice} original={p.price} size="lg" className="mt-4" />
        <p className={cx('mt-2 text-sm font-medium', p.stock > 0 ? 'text-green-800' : 'text-red-700')}>
          {p.stock > 0 ? `${p.stock} in stock` : 'Out of stock'}
        </p>

        <dl className="mt-6 space-y-4">
          <div>
            <dt className="text-sm font-semibold text-ink">Colors</dt>
            <dd className="mt-2 flex flex-wrap gap-2">
              {p.colors.map((c) => (
                <span
                  key={c}
                  className="inline-flex items-center gap-2 rounded-full border border-sand bg-white py-1 pr-3 pl-1 text-sm text-ink"
                >
                  <span
                    aria-hidden="true"
                    className="size-6 rounded-full ring-1 ring-ink/20"
                    style={{ backgroundColor: c }}
                  />
                  {colourName(c)}
                </span>
              ))}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-ink">Sizes (inches)</dt>
            <dd className="mt-2 flex flex-wrap gap-2">
              {p.sizes.map((s) => (
                <span key={s} className="rounded-lg border border-sand bg-white px-3 py-1.5 text-sm text-ink">
                  {s}″
                </span>
              ))}
            </dd>
          </div>
        </dl>

        <Link
          to={paths.adminProductEdit(p.id)}
          className={buttonClasses('primary', 'lg', 'mt-8 w-full sm:w-auto')}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit Product
        </Link>

        <section aria-labelledby="description-heading" className="mt-10 border-t border-sand pt-6">
          <h2 id="description-heading" className="text-lg font-semibold text-ink">
            Description
          </h2>
          <p className="mt-2 whitespace-pre-line text-ink-soft">{p.description}</p>
        </section>
        <section aria-labelledby="highlights-heading" className="mt-6">
          <h2 id="highlights-heading" className="text-lg font-semibold text-ink">
            Key Highlights
          </h2>
          <ul className="mt-2 space-y-1.5">
            {p.highlights.map((h, i) => (
              <li key={i} className="flex gap-2 text-ink-soft">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal" />
                {h}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </article>
  );
}
