import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import type { ShopPage } from '@shop/shared/pages';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { PageEditor } from '../../../features/pages/admin/page-editor';
import { pagesApi } from '../../../features/pages/pages-api';
import { PageFrame } from '../../layout/page-frame';

/** One shop page in the editor (/admin/pages/:slug). */
export default function AdminPageEditPage() {
  const { slug = '' } = useParams();
  const [page, setPage] = useState<{ slug: string; page: ShopPage | null }>();
  useEffect(() => {
    let active = true;
    pagesApi.one(slug).then(
      (p) => active && setPage({ slug, page: p }),
      () => active && setPage({ slug, page: null }),
    );
    return () => {
      active = false;
    };
  }, [slug]);
  const loaded = page?.slug === slug ? page.page : undefined;
  if (loaded === null) return <Navigate to={paths.notFound} replace />;

  return (
    <PageFrame>
      <Link to={paths.adminPages} className="inline-flex min-h-11 items-center gap-1.5 text-sm font-medium text-teal hover:text-teal-dark">
        <ArrowLeft aria-hidden="true" className="size-4" />
        All pages
      </Link>
      <h1 className="mt-2 text-3xl font-bold text-ink">Edit {loaded ? loaded.title : 'page'}</h1>
      <p className="mt-1 mb-8 text-ink-soft">
        Shown at <Link to={paths.shopPage(slug)} className="text-teal underline">/{slug}</Link>. The preview shows the page as shoppers will see it.
      </p>
      {loaded ? <PageEditor key={loaded.slug} page={loaded} onSaved={(p) => setPage({ slug, page: p })} /> : <PageSpinner />}
    </PageFrame>
  );
}
