import { stringify } from 'csv-stringify/sync';
import { PRODUCT_CSV_HEADER } from '@shop/shared';

// Rows of the product CSV in Shopify's layout (docs/product.md, Product import), as a spreadsheet has them.

/** A new product's first row: a kurta in S at ₹1,800 less 10 %, with `fields` over it. */
export const productRow = (fields: Record<string, unknown> = {}) => ({
  Handle: 'ilkal-kurta',
  Title: 'Ilkal Cotton Kurta',
  'Body (HTML)': 'Ilkal cotton with a silk border',
  Vendor: 'Ilkal Weavers',
  Type: 'kurtas',
  Published: 'TRUE',
  'Option1 Name': 'Color',
  'Option1 Value': '#aa2233',
  'Option2 Name': 'Size',
  'Option2 Value': 'S',
  'Variant Inventory Qty': '7',
  'Variant Price': '1620',
  'Variant Compare At Price': '1800',
  'Image Src': 'https://example.com/ilkal.webp',
  'Image Position': '1',
  Status: 'active',
  discountPercentage: '10',
  highlights: '["Handloom"]',
  countryOfOrigin: 'India',
  ...fields,
});

/** One more variant of the product of `Handle`. */
export const variantRow = (fields: Record<string, unknown> = {}) => ({
  Handle: 'ilkal-kurta',
  'Option1 Value': '#aa2233',
  'Option2 Value': 'M',
  'Variant Inventory Qty': '1',
  'Variant Price': '1620',
  'Variant Compare At Price': '1800',
  ...fields,
});

export const csvOf = (rows: Record<string, unknown>[]) =>
  stringify(rows, { header: true, columns: [...PRODUCT_CSV_HEADER] });
