import { Link } from 'react-router';
import { FileText, PencilLine } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { PageSpinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useGetShopPagesQuery } from '../pages-api';

const date = (iso: string) =>
  new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** The shop's pages for an admin: which still show the default text, and a way into each. */
export function PageList() {
  const { data: pages, isError } = useGetShopPagesQuery();
  if (isError)
    return (
      <p role="alert" className="mt-8 text-red-700">
        The pages could not be loaded. Please reload.
      </p>
    );
  if (!pages) return <PageSpinner />;
  return (
    <ul className="mt-8 grid gap-4 md:grid-cols-2">
      {pages.map((p) => (
        <li key={p.slug} className="flex gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70">
          <FileText aria-hidden="true" className="mt-1 size-6 shrink-0 text-maroon" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="font-serif text-lg font-semibold text-ink">{p.title}</h2>
              {p.updatedAt ? (
                <Badge tone="green">Edited {date(p.updatedAt)}</Badge>
              ) : (
                <Badge tone="neutral">Default text</Badge>
              )}
            </div>
            <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{p.summary}</p>
            <div className="mt-3 flex flex-wrap gap-4 text-sm">
              <Link
                to={paths.adminPageEdit(p.slug)}
                className="inline-flex min-h-11 items-center gap-1.5 font-semibold text-teal hover:text-teal-dark"
              >
                <PencilLine aria-hidden="true" className="size-4" />
                Edit<span className="sr-only"> {p.title}</span>
              </Link>
              <Link
                to={paths.shopPage(p.slug)}
                className="inline-flex min-h-11 items-center text-ink-soft hover:text-maroon"
              >
                {/* One span: a flex container would drop the spaces around the hidden words. */}
                <span>
                  View<span className="sr-only"> {p.title}</span> at /{p.slug}
                </span>
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
