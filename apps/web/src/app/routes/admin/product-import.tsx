import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../../../config/paths';
import { ProductImport } from '../../../features/product/admin/product-import';
import { PageFrame } from '../../layout/page-frame';

export default function AdminProductImportPage() {
  return (
    <PageFrame className="max-w-5xl">
      <Link
        to={paths.admin}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-teal hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Products
      </Link>
      <header className="mt-3 mb-6">
        <h1 className="text-3xl font-bold text-ink">Import products</h1>
        <p className="mt-1 text-ink-soft">Add and update many products at once from a CSV file.</p>
      </header>
      <ProductImport />
    </PageFrame>
  );
}
