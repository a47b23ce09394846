import { Link, Navigate } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useShopPage } from '../use-shop-page';
import { PageEditor } from './page-editor';

export function PageEdit({ slug }: { slug: string }) {
  const page = useShopPage(slug);
  if (page === null) return <Navigate to={paths.notFound} replace />;
  return (
    <>
      <Link
        to={paths.adminPages}
        className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-teal hover:text-teal-dark"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All pages
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-ink">Edit {page ? page.title : 'page'}</h1>
      <p className="mt-1 mb-8 text-ink-soft">
        Shown at{' '}
        <Link to={paths.shopPage(slug)} className="text-teal underline">
          /{slug}
        </Link>
        . The preview shows the page as shoppers will see it.
      </p>
      {page ? <PageEditor key={page.slug} page={page} /> : <PageSpinner />}
    </>
  );
}
