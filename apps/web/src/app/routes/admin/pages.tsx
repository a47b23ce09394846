import { PageList } from '../../../features/pages/admin/page-list';
import { PageFrame } from '../../layout/page-frame';

export default function AdminPagesPage() {
  return (
    <PageFrame>
      <p className="text-xs font-semibold tracking-widest text-teal uppercase">Admin</p>
      <h1 className="mt-1 text-3xl font-bold text-ink">Shop Pages</h1>
      <p className="mt-1 text-ink-soft">The policies and help pages linked from the footer. Edit them to fit your shop.</p>
      <PageList />
    </PageFrame>
  );
}
