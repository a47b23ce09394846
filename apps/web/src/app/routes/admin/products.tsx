import { Link } from 'react-router';
import { PackageSearch, Plus } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { AdminProductCard } from '../../../features/product/admin/admin-product-card';
import { EAGER_CARDS } from '../../../features/product/components/product-image';
import { ProductListing } from '../../../features/product/components/product-listing';
import { useFilterSections } from '../../use-filter-sections';
import { PageFrame } from '../../layout/page-frame';

/**
 * SPEC §2 Admin product list: the listing with admin=true, so deleted and out-of-stock products show
 * with their badges. Its state lives in the URL, so Cancel on the form returns to the same page.
 */
export default function AdminProductsPage() {
  const sections = useFilterSections({ inUse: false });
  return (
    <PageFrame>
      <ProductListing
        admin
        stickyFilters
        sections={sections}
        heading={
          <>
            <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
            <h1 className="mt-1 text-3xl font-bold text-ink">Products</h1>
            <p className="mt-1 text-ink-soft">
              Every product in the catalogue, including deleted and out-of-stock ones.
            </p>
          </>
        }
        actions={
          <Link to={paths.adminProductForm} className={buttonClasses('primary')}>
            <Plus aria-hidden="true" className="size-4" />
            Add Product
          </Link>
        }
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
