import { useCatalogOptions } from '../../../features/catalog/catalog-api';
import { PromotionsScreen } from '../../../features/promotion/admin/promotions-screen';
import { PageFrame } from '../../layout/page-frame';

/** The owner's Promotions: sales, codes and free shipping, with what each brought in. */
export default function AdminPromotionsPage() {
  // The catalogue's full lists, as the product form offers them, for what a promotion covers.
  const { brands, categories } = useCatalogOptions();
  return (
    <PageFrame>
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">Promotions</h1>
        <p className="mt-1 text-ink-soft">
          Festive sales, codes and free shipping: when they run, whom they reach and what they brought in
        </p>
      </header>
      <PromotionsScreen categories={categories} brands={brands} />
    </PageFrame>
  );
}
