import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { paths } from '../../../config/paths';
import { CustomerDetailScreen } from '../../../features/customer/admin/customer-detail';
import { PageFrame } from '../../layout/page-frame';

/** A customer id as the API spells it; anything else names no one. */
const ID_RE = /^[1-9][0-9]{0,9}$/;

/** One customer (/admin/customers/:id): figures, orders, addresses, reviews and wishlist. */
export default function AdminCustomerDetailPage() {
  const { id = '' } = useParams();
  return (
    <PageFrame>
      <Link
        to={paths.adminCustomers}
        className="mb-4 inline-flex items-center gap-1.5 text-sm font-medium text-teal hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All customers
      </Link>
      <CustomerDetailScreen id={ID_RE.test(id) ? Number(id) : 0} />
    </PageFrame>
  );
}
