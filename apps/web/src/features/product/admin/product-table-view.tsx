import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronDown, Pencil, Search } from 'lucide-react';
import { formatRupees } from '@shop/shared/money';
import type { ProductTableRow } from '@shop/shared/product';
import type { ProductVariant } from '@shop/shared/variants';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { inputClasses } from '../../../components/ui/text-field';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { responsiveImage } from '../components/product-image';
import { colourLabels } from './colour-labels';
import { TABLE_PAGE_SIZE, TABLE_STATES, useProductTable, type TableSort } from './use-product-table';

export function productState(p: Pick<ProductTableRow, 'deleted' | 'stock'>, threshold: number) {
  if (p.deleted) return { label: 'Deleted', tone: 'dark' as const };
  if (p.stock === 0) return { label: 'Out of stock', tone: 'red' as const };
  if (p.stock <= threshold) return { label: 'Low stock', tone: 'yellow' as const };
  return { label: 'On sale', tone: 'green' as const };
}

/** The product's colour for a stock: out of stock red, low yellow (docs/product.md, Admin product list). */
const stockTone = (stock: number, threshold: number) =>
  stock === 0 ? 'text-red-700' : stock <= threshold ? 'text-yellow-800' : 'text-ink';

/** "4 variants, 1 out of stock, 2 low". */
function variantsSummary(variants: readonly ProductVariant[], threshold: number) {
  const out = variants.filter((v) => v.stock === 0).length;
  const low = variants.filter((v) => v.stock > 0 && v.stock <= threshold).length;
  return [`${variants.length} variants`, out > 0 && `${out} out of stock`, low > 0 && `${low} low`]
    .filter(Boolean)
    .join(', ');
}

function VariantRows({ variants, threshold }: { variants: readonly ProductVariant[]; threshold: number }) {
  const names = colourLabels([...new Set(variants.map((v) => v.color))]);
  return (
    <table className="w-full text-sm">
      <thead className="text-left text-xs text-ink-soft">
        <tr>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            Colour
          </th>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            Size
          </th>
          <th scope="col" className="px-3 py-1.5 font-semibold">
            SKU
          </th>
          <th scope="col" className="px-3 py-1.5 text-right font-semibold">
            Stock
          </th>
          <th scope="col" className="px-3 py-1.5 text-right font-semibold">
            Price
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-sand/60">
        {variants.map((v) => (
          <tr
            key={v.id}
            className={cx(v.stock === 0 ? 'bg-red-50/70' : v.stock <= threshold && 'bg-yellow-50/70')}
          >
            <td className="px-3 py-1.5">
              <span className="inline-flex items-center gap-2">
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full ring-1 ring-ink/20"
                  style={{ backgroundColor: v.color }}
                />
                {names.get(v.color)}
              </span>
            </td>
            <td className="px-3 py-1.5">{v.size}</td>
            <td className="px-3 py-1.5 font-mono text-xs">{v.sku ?? '–'}</td>
            <td
              className={cx(
                'px-3 py-1.5 text-right font-semibold tabular-nums',
                stockTone(v.stock, threshold),
              )}
            >
              {v.stock}
              {v.stock === 0 ? (
                <span className="sr-only"> (out of stock)</span>
              ) : (
                v.stock <= threshold && <span className="sr-only"> (low)</span>
              )}
            </td>
            <td className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums">
              {formatRupees(v.discountedPrice)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const COLUMNS: { key: TableSort | null; label: string; className?: string }[] = [
  { key: 'title', label: 'Product' },
  { key: 'price', label: 'Price', className: 'text-right' },
  { key: 'discountPercentage', label: 'Discount', className: 'text-right' },
  { key: 'stock', label: 'Stock', className: 'text-right' },
  { key: null, label: 'State' },
  { key: null, label: 'Actions', className: 'sr-only' },
];

export function ProductTableView() {
  const t = useProductTable();
  const [text, setText] = useState(t.search);
  useEffect(() => setText(t.search), [t.search]);
  const threshold = t.data?.lowStockThreshold ?? 0;
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    t.setSearch(text);
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={submit} className="flex min-w-64 flex-1 gap-2">
          <label htmlFor="product-table-search" className="sr-only">
            Search products by title or brand
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-soft"
            />
            <input
              id="product-table-search"
              type="search"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
              placeholder="Title or brand"
              className={inputClasses(false, 'pl-9')}
            />
          </div>
          <Button type="submit" variant="secondary">
            Find
          </Button>
        </form>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Show">
          {TABLE_STATES.map((s) => (
            <button
              key={s.value}
              type="button"
              aria-pressed={t.state === s.value}
              onClick={() => t.setState(s.value)}
              className={cx(
                'min-h-9 rounded-full border px-3 text-sm font-medium transition-colors',
                t.state === s.value
                  ? 'border-maroon bg-maroon text-white'
                  : 'border-sand bg-white text-ink-soft hover:text-ink',
              )}
            >
              {s.label}
            </button>
          ))}
        </div>
      </div>

      {t.error ? (
        <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
          {t.error}
        </p>
      ) : !t.data ? (
        <Spinner label="Loading products" />
      ) : t.data.products.length === 0 ? (
        <EmptyState
          icon={<Search className="size-8" />}
          title="No products match"
          message="Try another title or brand, or show all products."
        />
      ) : (
        <>
          <div
            className={cx(
              'max-h-[70vh] overflow-auto rounded-xl border border-sand bg-white shadow-sm',
              t.loading && 'opacity-60',
            )}
          >
            <table className="w-full min-w-[44rem] text-sm">
              <caption className="sr-only">Products, {t.data.totalProducts} in all</caption>
              <thead className="sticky top-0 z-10 bg-ivory text-left text-xs tracking-wide text-ink-soft uppercase shadow-[inset_0_-1px_0_var(--color-sand)]">
                <tr>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.label}
                      scope="col"
                      aria-sort={
                        c.key && c.key === t.sort
                          ? t.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : undefined
                      }
                      className={cx('px-3 py-2.5 font-semibold', c.className)}
                    >
                      {c.key ? (
                        <button
                          type="button"
                          onClick={() => t.sortBy(c.key!)}
                          className="inline-flex items-center gap-1 uppercase hover:text-ink"
                        >
                          {c.label}
                          {c.key === t.sort ? (
                            t.order === 'asc' ? (
                              <ArrowUp aria-hidden="true" className="size-3.5" />
                            ) : (
                              <ArrowDown aria-hidden="true" className="size-3.5" />
                            )
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-sand/70">
                {t.data.products.map((p) => {
                  const state = productState(p, threshold);
                  const variants = p.variants ?? [];
                  const expanded = open.has(p.id);
                  return (
                    <Fragment key={p.id}>
                      <tr className={cx('hover:bg-ivory/60', p.deleted && 'text-ink-soft')}>
                        <td className="px-3 py-2">
                          <div className="flex items-center gap-3">
                            <img
                              {...responsiveImage(p.thumbnail)}
                              alt=""
                              width={32}
                              height={43}
                              className="aspect-[3/4] w-8 shrink-0 rounded object-cover"
                            />
                            <div className="min-w-0">
                              <Link
                                to={paths.adminProductDetail(p.id)}
                                className="font-medium text-ink hover:text-teal hover:underline"
                              >
                                {p.title}
                              </Link>
                              <p className="truncate text-xs text-ink-soft">
                                {p.brand} · {p.category}
                              </p>
                            </div>
                          </div>
                        </td>
                        <td className="px-3 py-2 text-right whitespace-nowrap">
                          <span className="font-semibold text-maroon">{formatRupees(p.discountedPrice)}</span>
                          {p.discountedPrice < p.price && (
                            <span className="block text-xs text-ink-soft line-through">
                              {formatRupees(p.price)}
                            </span>
                          )}
                        </td>
                        <td className="px-3 py-2 text-right tabular-nums">{p.discountPercentage}%</td>
                        <td className="px-3 py-2 text-right">
                          <span className={cx('font-semibold tabular-nums', stockTone(p.stock, threshold))}>
                            {p.stock}
                          </span>
                          {variants.length > 0 && (
                            <button
                              type="button"
                              aria-expanded={expanded}
                              aria-controls={`variants-${p.id}`}
                              aria-label={`Stock per variant of ${p.title}: ${variantsSummary(variants, threshold)}`}
                              onClick={() => toggle(p.id)}
                              className="mt-0.5 flex w-full items-center justify-end gap-1 text-xs whitespace-nowrap text-teal hover:underline"
                            >
                              {variantsSummary(variants, threshold)}
                              <ChevronDown
                                aria-hidden="true"
                                className={cx('size-3.5 transition-transform', expanded && 'rotate-180')}
                              />
                            </button>
                          )}
                        </td>
                        <td className="px-3 py-2">
                          <Badge tone={state.tone}>{state.label}</Badge>
                        </td>
                        <td className="px-3 py-2 text-right">
                          <Link
                            to={paths.adminProductEdit(p.id)}
                            aria-label={`Edit ${p.title}`}
                            className={buttonClasses('ghost', 'sm')}
                          >
                            <Pencil aria-hidden="true" className="size-3.5" />
                            Edit
                          </Link>
                        </td>
                      </tr>
                      {expanded && (
                        <tr id={`variants-${p.id}`} className="bg-ivory/50">
                          <td colSpan={COLUMNS.length} className="px-3 pt-1 pb-3 sm:pl-14">
                            <VariantRows variants={variants} threshold={threshold} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          <Pagination
            page={t.page}
            pageSize={TABLE_PAGE_SIZE}
            totalItems={t.data.totalProducts}
            onPageChange={t.goToPage}
            className="mt-6"
          />
        </>
      )}
    </div>
  );
}
