import { selectLoggedInUser } from '../../../features/auth/auth-slice';
import { ReviewsScreen } from '../../../features/review/admin/reviews-screen';
import { useAppSelector } from '../../../lib/store-hooks';
import { PageFrame } from '../../layout/page-frame';

/** Reviews (docs/product.md, Reviews): staff read them; the owner approves, hides and replies. */
export default function AdminReviewsPage() {
  const isOwner = useAppSelector(selectLoggedInUser)?.role === 'admin';
  return (
    <PageFrame>
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">Reviews</h1>
        <p className="mt-1 text-ink-soft">What shoppers who bought your sarees say: approve, hide and reply in the shop’s name</p>
      </header>
      <ReviewsScreen canModerate={isOwner} />
    </PageFrame>
  );
}
