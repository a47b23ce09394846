import { Link, Navigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { AddOptionModal } from '../../../features/catalog/add-option-modal';
import { useCatalogOptions } from '../../../features/catalog/catalog-api';
import { CategorySizeChartModal } from '../../../features/catalog/category-size-chart-modal';
import { useGetSizeChartsQuery } from '../../../features/catalog/size-charts-api';
import { ProductForm } from '../../../features/product/admin/product-form';
import { useLoadedProduct } from '../../../features/product/use-loaded-product';
import { useShopSettings } from '../../../features/settings/use-shop-settings';
import { PageFrame } from '../../layout/page-frame';

export default function ProductFormPage() {
  const { id } = useParams();
  const { brands, categories } = useCatalogOptions();
  const editing = id !== undefined;
  const product = useLoadedProduct(id);
  const defaultWeightGrams = useShopSettings()?.shipping?.defaultWeightGrams;
  // The category charts tell a product's own chart from its category's; a failed load leaves that unknown.
  const charts = useGetSizeChartsQuery();
  const categoryCharts = charts.isError ? undefined : charts.data?.charts;

  if (product === null) return <Navigate to={paths.notFound} replace />;

  return (
    <PageFrame className="max-w-5xl">
      <Link
        to={paths.admin}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-teal hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All products
      </Link>
      <header className="mt-3 mb-6">
        <h1 className="text-3xl font-bold text-ink">{editing ? 'Edit Product' : 'Add New Product'}</h1>
        <p className="mt-1 text-ink-soft">Fill in the details below</p>
      </header>
      {(editing && !product) || charts.isLoading ? (
        <PageSpinner />
      ) : (
        <ProductForm
          // A fresh form per product: its default values are read once.
          key={product?.id ?? 'new'}
          product={product ?? undefined}
          brands={brands}
          categories={categories}
          renderAddOption={(p) => <AddOptionModal key={p.kind} {...p} />}
          categoryCharts={categoryCharts}
          renderCategoryChart={(p) => <CategorySizeChartModal key={p.category} {...p} />}
          defaultWeightGrams={defaultWeightGrams}
        />
      )}
    </PageFrame>
  );
}
