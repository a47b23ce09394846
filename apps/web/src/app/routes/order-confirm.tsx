import { useParams, useSearchParams } from 'react-router';
import { CodConfirmation } from '../../features/order/components/cod-confirmation';
import { PageFrame } from '../layout/page-frame';

/** `/orders/:id/confirm?token=…`, the cash order's confirmation link. */
export default function OrderConfirmPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  return (
    <PageFrame className="py-8 sm:py-14">
      <div className="mx-auto max-w-2xl">
        <CodConfirmation id={id} token={params.get('token') ?? ''} />
      </div>
    </PageFrame>
  );
}
