import { useParams } from 'react-router';
import { PageEdit } from '../../../features/pages/admin/page-edit';
import { PageFrame } from '../../layout/page-frame';

export default function AdminPageEditPage() {
  const { slug = '' } = useParams();
  return (
    <PageFrame>
      <PageEdit slug={slug} />
    </PageFrame>
  );
}
