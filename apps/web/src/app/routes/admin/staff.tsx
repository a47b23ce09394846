import { InviteForm } from '../../../features/staff/components/invite-form';
import { StaffLists } from '../../../features/staff/components/staff-lists';
import { PageFrame } from '../../layout/page-frame';

export default function AdminStaffPage() {
  return (
    <PageFrame className="max-w-4xl">
      <header className="mb-6">
        <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
        <h1 className="mt-1 text-3xl font-bold text-ink">Staff</h1>
        <p className="mt-1 text-ink-soft">
          The people who run orders, products and stock with you. Settings, pages and exports stay yours.
        </p>
      </header>
      <InviteForm />
      <StaffLists />
    </PageFrame>
  );
}
