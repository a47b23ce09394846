import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Ruler } from 'lucide-react';
import type { SizeUnit } from '@shop/shared/sizes';
import type { SizeChart } from '@shop/shared/variants';

// The dialog needs Headless UI: it loads the first time the link is pressed.
const SizeChartDialog = lazy(() => import('./size-chart-dialog'));

export function SizeChartButton({
  chart,
  sizeUnit,
  title,
}: {
  chart: SizeChart;
  sizeUnit: SizeUnit;
  title: string;
}) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  // As the mobile filters: Headless UI learns where focus was only once its code has loaded, after the first press.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open]);
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-1 text-sm font-medium text-teal underline-offset-4 hover:underline"
      >
        <Ruler aria-hidden="true" className="size-4" />
        Size chart
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <SizeChartDialog
            open={open}
            onClose={() => setOpen(false)}
            chart={chart}
            sizeUnit={sizeUnit}
            title={title}
          />
        </Suspense>
      )}
    </>
  );
}
