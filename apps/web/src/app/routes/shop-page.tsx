import { Link, Navigate, useLocation } from 'react-router';
import { SHOP_PAGES } from '@shop/shared/page-slugs';
import { Skeleton } from '../../components/ui/skeleton';
import { cx } from '../../components/ui/cx';
import { paths } from '../../config/paths';
import { useBrand } from '../../lib/brand';
import { PageContent } from '../../features/pages/components/page-content';
import { useShopPage } from '../../features/pages/use-shop-page';
import { ContactCards } from '../../features/settings/components/contact-cards';
import { useShopSettings } from '../../features/settings/use-shop-settings';
import { PageFrame } from '../layout/page-frame';

export default function ShopPagePage() {
  const slug = useLocation().pathname.replace(/^\/|\/$/g, '');
  const page = useShopPage(slug);
  const settings = useShopSettings();
  const { shopName } = useBrand();

  if (page === null) return <Navigate to={paths.notFound} replace />;

  return (
    <PageFrame>
      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <article className="min-w-0">
          {page ? (
            <>
              <header className="border-b border-sand pb-6">
                <p className="text-xs font-semibold tracking-widest text-teal uppercase">{shopName}</p>
                <h1 className="mt-1 text-3xl font-bold text-ink sm:text-4xl">{page.title}</h1>
                <p className="mt-3 max-w-2xl text-lg leading-relaxed text-ink-soft">{page.summary}</p>
              </header>
              <PageContent html={page.html} className="mt-8 max-w-3xl" />
            </>
          ) : (
            <div aria-busy="true" className="space-y-4">
              <span role="status" className="sr-only">
                Loading...
              </span>
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="h-5 w-full" />
              <Skeleton className="h-64 w-full" />
            </div>
          )}
        </article>
        <aside className="space-y-6 lg:pt-2">
          {slug === 'contact' && settings && <ContactCards settings={settings} />}
          <nav aria-label="Help and policies" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70">
            <h2 className="font-serif text-lg font-semibold text-ink">Help &amp; policies</h2>
            <ul className="mt-3 space-y-1">
              {SHOP_PAGES.map((p) => (
                <li key={p.slug}>
                  <Link
                    to={paths.shopPage(p.slug)}
                    aria-current={p.slug === slug ? 'page' : undefined}
                    className={cx(
                      'flex min-h-11 items-center rounded-lg px-3 text-sm transition-colors',
                      p.slug === slug ? 'bg-maroon/10 font-semibold text-maroon' : 'text-ink-soft hover:bg-ivory hover:text-maroon',
                    )}
                  >
                    {p.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </div>
    </PageFrame>
  );
}
