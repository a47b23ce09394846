import { Link, useSearchParams } from 'react-router';
import { Download, LayoutGrid, PackageSearch, Plus, Table2, Upload } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { paths } from '../../../config/paths';
import { API_BASE } from '../../../lib/api-client';
import { AdminProductCard } from '../../../features/product/admin/admin-product-card';
import { ProductTableView } from '../../../features/product/admin/product-table-view';
import { EAGER_CARDS } from '../../../features/product/components/product-image';
import { ProductListing } from '../../../features/product/components/product-listing';
import { useFilterSections } from '../../use-filter-sections';
import { PageFrame } from '../../layout/page-frame';

/** Grid or the dense table (docs/product.md, Admin product list); switching starts the other view afresh. */
function ViewToggle({ table }: { table: boolean }) {
  const [, setParams] = useSearchParams();
  const item = (on: boolean) =>
    cx(
      'inline-flex min-h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium',
      on ? 'bg-white text-ink shadow-sm' : 'text-ink-soft hover:text-ink',
    );
  return (
    <div role="group" aria-label="View" className="inline-flex rounded-lg bg-sand/60 p-1">
      <button type="button" aria-pressed={!table} className={item(!table)} onClick={() => setParams({})}>
        <LayoutGrid aria-hidden="true" className="size-4" />
        Grid
      </button>
      <button
        type="button"
        aria-pressed={table}
        className={item(table)}
        onClick={() => setParams({ view: 'table' })}
      >
        <Table2 aria-hidden="true" className="size-4" />
        Table
      </button>
    </div>
  );
}

const addProduct = (
  <Link to={paths.adminProductForm} className={buttonClasses('primary')}>
    <Plus aria-hidden="true" className="size-4" />
    Add Product
  </Link>
);

const heading = (
  <>
    <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
    <h1 className="mt-1 text-3xl font-bold text-ink">Products</h1>
    <p className="mt-1 text-ink-soft">
      Every product in the catalogue, including deleted and out-of-stock ones.
    </p>
  </>
);

/**
 * The admin product list: the listing with admin=true, so deleted and out-of-stock products show
 * with their badges. Its state lives in the URL, so Cancel on the form returns to the same page.
 */
export default function AdminProductsPage() {
  const sections = useFilterSections({ inUse: false });
  const [params] = useSearchParams();
  const table = params.get('view') === 'table';
  const actions = (
    <div className="flex flex-wrap items-center gap-3">
      <ViewToggle table={table} />
      <a href={`${API_BASE}/products/export`} download className={buttonClasses('outline')}>
        <Download aria-hidden="true" className="size-4" />
        Export CSV
      </a>
      <Link to={paths.adminProductImport} className={buttonClasses('outline')}>
        <Upload aria-hidden="true" className="size-4" />
        Import CSV
      </Link>
      {addProduct}
    </div>
  );
  if (table) {
    return (
      <PageFrame>
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>{heading}</div>
          {actions}
        </div>
        <ProductTableView />
      </PageFrame>
    );
  }
  return (
    <PageFrame>
      <ProductListing
        admin
        stickyFilters
        sections={sections}
        heading={heading}
        actions={actions}
        renderCard={(p, i) => <AdminProductCard product={p} eager={i < EAGER_CARDS} />}
        errorTitle="We could not load the products"
        empty={{
          icon: <PackageSearch className="size-8" />,
          message: 'No product matches these filters.',
          action: (
            <Link to={paths.adminProductForm} className={buttonClasses('primary')}>
              Add Product
            </Link>
          ),
        }}
      />
    </PageFrame>
  );
}
