import { useParams } from 'react-router';
import { ParcelTracking, TrackLanding } from '../../features/order/components/parcel-tracking';
import { PageFrame } from '../layout/page-frame';

/** `/track` and `/track/{order number or AWB}`: open to everyone, signed in or not. */
export default function TrackPage() {
  const { ref } = useParams();
  return (
    <PageFrame className="py-8 sm:py-14">
      <div className={ref ? 'mx-auto max-w-4xl' : 'mx-auto max-w-2xl'}>
        {/* A new number is a new page: nothing of the last one's answer shows while the next loads. */}
        {ref ? <ParcelTracking key={ref} reference={ref} /> : <TrackLanding />}
      </div>
    </PageFrame>
  );
}
