import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import { countSelected, type FilterPanelProps } from './filter-panel';

// The slide-in dialog needs Headless UI: it loads the first time the Filters button is pressed.
const FilterDialog = lazy(() => import('./filter-dialog'));

export function MobileFilters(props: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const count = countSelected(props.selected);
  const wasOpen = useRef(false);
  // Headless UI gives focus back to what had it before the dialog opened, but it only learns that
  // once its code has loaded — after the first press here — so closing left focus nowhere. Once the
  // dialog has closed (and its focus trap let go), focus goes back to the button.
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current) {
      wasOpen.current = false;
      opener.current?.focus();
    }
  }, [open]);
  return (
    <div className={cx('lg:hidden', props.className)}>
      <button
        ref={opener}
        type="button"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-sand bg-white px-4 text-sm font-medium text-ink shadow-sm hover:border-maroon/40"
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
        {count > 0 && (
          <span className="flex size-5 items-center justify-center rounded-full bg-maroon text-xs font-bold text-white">
            {count}
            <span className="sr-only"> selected</span>
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <FilterDialog open={open} onClose={() => setOpen(false)} {...props} className={undefined} />
        </Suspense>
      )}
    </div>
  );
}
