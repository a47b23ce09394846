import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { ProductCard } from '../../features/product/components/product-card';
import { LazyCardHeart } from '../../features/wishlist/components/card-heart-lazy';
import { EAGER_CARDS } from '../../features/product/components/product-image';
import { ProductListingView, type ListingState } from '../../features/product/components/product-listing';
import { useProductListing } from '../../features/product/use-product-listing';
import { paths } from '../../config/paths';
import { useEndFirstPaintOnceDrawn } from '../use-end-first-paint';
import { useFilterSections } from '../use-filter-sections';
import { FestivalBanner } from '../layout/festival-banner';
import { PageFrame } from '../layout/page-frame';

export default function HomePage() {
  const sections = useFilterSections({ inUse: true });
  const listing = useProductListing({ admin: false, sections });
  useEndFirstPaintOnceDrawn(!listing.loading);
  return <HomeView listing={listing} />;
}

/** The home page drawn from a listing's state: by the app, and by the server for the first paint. */
export function HomeView({ listing }: { listing: ListingState }) {
  return (
    <PageFrame before={<FestivalBanner />}>
      <ProductListingView
        listing={listing}
        heading={
          <>
            <h1 className="text-3xl font-bold text-ink sm:text-4xl">All Products</h1>
            <p className="mt-1 text-ink-soft">Discover our amazing collection</p>
          </>
        }
        renderCard={(p, i) => (
          <ProductCard product={p} href={paths.productDetail(p.id)} eager={i < EAGER_CARDS} corner={<LazyCardHeart product={p} />} />
        )}
        errorTitle="We could not load the collection"
        empty={{
          icon: <SearchX className="size-8" />,
          message: 'Try another search, or clear the filters to see the whole collection.',
          action: (
            <Link to={paths.home} className={buttonClasses('primary')}>
              Show all products
            </Link>
          ),
        }}
      />
    </PageFrame>
  );
}
