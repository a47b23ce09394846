import { Collections } from '../../features/catalog/components/collections';
import { PageFrame } from '../layout/page-frame';

export default function CollectionsPage() {
  return (
    <PageFrame>
      <Collections />
    </PageFrame>
  );
}
