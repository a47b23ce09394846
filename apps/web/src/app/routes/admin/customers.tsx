import { selectLoggedInUser } from '../../../features/auth/auth-slice';
import { CustomersScreen } from '../../../features/customer/admin/customers-screen';
import { useAppSelector } from '../../../lib/store-hooks';
import { PageFrame } from '../../layout/page-frame';

/** Admin → Customers: every shopper with what they bought; the CSV is the owner's. */
export default function AdminCustomersPage() {
  const isOwner = useAppSelector(selectLoggedInUser)?.role === 'admin';
  return (
    <PageFrame>
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">Customers</h1>
        <p className="mt-1 text-ink-soft">
          Who buys from you: their orders, spend, cash on delivery and returns
        </p>
      </header>
      <CustomersScreen canExport={isOwner} />
    </PageFrame>
  );
}
