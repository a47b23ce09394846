import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useBrand } from '../../../lib/brand';
import { useGetCategoriesQuery } from '../catalog-api';

const listing = (category: string) => `${paths.home}?${new URLSearchParams({ category }).toString()}`;

export function Collections() {
  const { data: categories, isError } = useGetCategoriesQuery(false);
  const { shopName } = useBrand();
  return (
    <>
      <p className="text-xs font-semibold tracking-widest text-teal uppercase">{shopName}</p>
      <h1 className="mt-1 text-3xl font-bold text-ink sm:text-4xl">Collections</h1>
      <p className="mt-2 max-w-2xl text-ink-soft">
        From wedding silks to everyday cottons: choose a collection to see all of it.
      </p>
      {isError ? (
        <p role="alert" className="mt-8 text-red-700">
          The collections could not be loaded. Please reload.
        </p>
      ) : !categories ? (
        <PageSpinner />
      ) : (
        <ul className="mt-8 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
          {categories.map((c) => (
            <li key={c.id}>
              <Link
                to={listing(c.value)}
                className="group flex min-h-28 flex-col justify-between rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 transition hover:-translate-y-0.5 hover:shadow-md hover:ring-gold"
              >
                <Sparkles aria-hidden="true" className="size-5 text-gold-dark" />
                <span className="mt-3 font-serif text-lg font-semibold text-ink group-hover:text-maroon">
                  {c.label}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
