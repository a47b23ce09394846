import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { BellRing, CircleAlert } from 'lucide-react';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { useConfirmNotifyMeMutation, useWishedProductQuery } from '../../features/wishlist/wishlist-api';
import { errorText } from '../../lib/error-text';
import { PageFrame } from '../layout/page-frame';

/** docs/product.md, Back in stock: the link mailed to a guest, confirming the alert once. */
export default function NotifyConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, result] = useConfirmNotifyMeMutation();
  const sent = useRef(false);
  const productId = result.data?.productId;
  const { data: product } = useWishedProductQuery(productId ?? 0, { skip: productId === undefined });
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void confirm(token);
  }, [confirm, token]);

  return (
    <PageFrame className="max-w-xl">
      <div className="rounded-xl bg-white p-8 text-center shadow-sm ring-1 ring-sand/70">
        {result.isSuccess ? (
          <>
            <BellRing aria-hidden="true" className="mx-auto size-10 text-gold-dark" />
            <h1 className="mt-4 font-serif text-2xl font-semibold text-ink">You're on the list</h1>
            <p className="mt-2 text-ink-soft">{result.data.message}</p>
            {product && (
              <div className="mt-6 flex items-center gap-4 rounded-xl bg-ivory p-3 text-left">
                <img src={product.thumbnail} alt="" className="aspect-[3/4] w-16 rounded-lg object-cover" />
                <p className="font-serif text-lg font-semibold text-ink">{product.title}</p>
              </div>
            )}
            <Link to={paths.productDetail(result.data.productId)} className={buttonClasses('primary', 'md', 'mt-6')}>
              See the product
            </Link>
          </>
        ) : result.isError ? (
          <>
            <CircleAlert aria-hidden="true" className="mx-auto size-10 text-maroon" />
            <h1 className="mt-4 font-serif text-2xl font-semibold text-ink">We could not confirm it</h1>
            <p role="alert" className="mt-2 text-ink-soft">
              {errorText(result.error)}
            </p>
            <Link to={paths.home} className={buttonClasses('primary', 'md', 'mt-6')}>
              Start Shopping
            </Link>
          </>
        ) : (
          <Spinner label="Confirming…" />
        )}
      </div>
    </PageFrame>
  );
}
