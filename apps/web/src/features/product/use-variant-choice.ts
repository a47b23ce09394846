import { useMemo, useState } from 'react';
import type { ProductVariant } from '@shop/shared/sizes';
import {
  buyableSize,
  chosenVariant,
  colourOptions,
  offerFor,
  photosFor,
  sizeOptions,
  type ChoosableProduct,
  type Offer,
  type SizeOption,
} from './variant-choice';

/** What goes into the cart from a product page: the picks the server takes, and what they cost. */
export interface PurchaseChoice extends Offer {
  color: string | null;
  /** The size's number (the cart's); null while none is chosen or the chosen one is sold out in the colour. */
  size: number | null;
  variant: ProductVariant | null;
}

/** A product page's colour and size picks (nothing chosen at first) and all that follows from them. */
export function useVariantChoice(product: ChoosableProduct) {
  const [color, setColor] = useState<string | null>(null);
  const [size, setSize] = useState<string | null>(null);
  return useMemo(() => {
    const picks = { color, size };
    const sizes: SizeOption[] = sizeOptions(product, color);
    const buyable = buyableSize(product, picks);
    const variant = buyable === null ? null : chosenVariant(product, picks);
    const offer = offerFor(product, { color, size: buyable });
    const purchase: PurchaseChoice = {
      ...offer,
      color,
      size: sizes.find((s) => s.label === buyable)?.number ?? null,
      variant,
    };
    return {
      colours: colourOptions(product),
      sizes,
      color,
      /** The size picked, even when it turned out sold out in the colour picked since. */
      size,
      /** The picked size, when it is sold out (or not made) in the picked colour. */
      unavailableSize:
        size !== null && buyable === null ? (sizes.find((s) => s.label === size) ?? null) : null,
      photos: photosFor(product, color),
      purchase,
      setColor,
      setSize,
    };
  }, [product, color, size]);
}

export type VariantChoice = ReturnType<typeof useVariantChoice>;
