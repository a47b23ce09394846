import { Link } from 'react-router';
import { WandSparkles } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { PageFrame } from '../layout/page-frame';

export default function NotFoundPage() {
  return (
    <PageFrame className="flex items-center justify-center py-16">
      <div className="text-center">
        <p className="font-serif text-7xl font-bold text-gold-dark sm:text-8xl" aria-hidden="true">
          404
        </p>
        <WandSparkles aria-hidden="true" className="mx-auto mt-2 size-10 text-maroon" />
        <h1 className="mt-4 text-3xl font-bold text-ink sm:text-4xl">Page not found</h1>
        <p className="mx-auto mt-3 max-w-md text-ink-soft">
          Even our fairy could not find this page. It may have moved, or the link may be mistyped.
        </p>
        <Link to={paths.home} className={buttonClasses('primary', 'lg', 'mt-8')}>
          Go back home
        </Link>
      </div>
    </PageFrame>
  );
}
