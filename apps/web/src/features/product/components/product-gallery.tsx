import { useState } from 'react';
import type { Product } from '@shop/shared/product';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { galleryImages } from '../variant-choice';
import { GALLERY_IMAGE_SIZES, responsiveImage } from './product-image';

/** The product's pictures, or the chosen colour's (`images`: give the gallery a new key with them). */
export function ProductGallery({
  product,
  images = galleryImages(product),
  colour,
}: {
  product: Product;
  images?: readonly string[];
  /** The chosen colour's name, when the pictures are that colour's. */
  colour?: string | null;
}) {
  const [current, setCurrent] = useState(0);
  const main = responsiveImage(images[current] ?? product.thumbnail);
  return (
    <div className="flex flex-col gap-3 lg:flex-row-reverse lg:gap-4">
      <div className="relative aspect-[3/4] flex-1 overflow-hidden rounded-xl bg-gradient-to-br from-sand/70 via-ivory to-gold-light/40 shadow-sm ring-1 ring-sand/70">
        <img
          key={main.src}
          src={main.src}
          srcSet={main.srcSet}
          sizes={GALLERY_IMAGE_SIZES}
          alt={`${product.title}${colour ? ` in ${colour}` : ''}, picture ${current + 1} of ${images.length}`}
          width={600}
          height={800}
          fetchPriority="high"
          className="size-full object-cover"
        />
        {Math.round(product.discountPercentage) > 0 && (
          <Badge tone="gold" className="absolute top-3 left-3 px-3 py-1 text-sm shadow">
            {Math.round(product.discountPercentage)}% OFF
          </Badge>
        )}
      </div>
      {images.length > 1 && (
        <ul
          aria-label="Pictures"
          className="grid grid-cols-4 gap-2 lg:w-20 lg:grid-cols-1 lg:content-start lg:gap-3"
        >
          {images.map((url, i) => {
            const img = responsiveImage(url);
            return (
              <li key={url}>
                <button
                  type="button"
                  onClick={() => setCurrent(i)}
                  aria-label={`Show picture ${i + 1}`}
                  aria-pressed={i === current}
                  className={cx(
                    'block aspect-[3/4] w-full overflow-hidden rounded-lg ring-offset-2 transition',
                    i === current ? 'ring-2 ring-maroon' : 'opacity-80 ring-1 ring-sand hover:opacity-100',
                  )}
                >
                  <img
                    src={img.src}
                    srcSet={img.srcSet}
                    sizes="96px"
                    alt=""
                    width={80}
                    height={107}
                    loading="lazy"
                    className="size-full object-cover"
                  />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
