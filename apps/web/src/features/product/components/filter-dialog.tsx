import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { X } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { FilterPanel, type FilterPanelProps } from './filter-panel';

export default function FilterDialog({
  open,
  onClose,
  ...panel
}: FilterPanelProps & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50 lg:hidden">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/40 transition-opacity duration-300 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className="flex h-full w-full max-w-xs flex-col overflow-y-auto bg-ivory shadow-xl transition duration-300 data-closed:translate-x-full motion-reduce:transition-none"
        >
          <div className="flex items-center justify-between border-b border-sand bg-white px-4 py-3">
            <DialogTitle className="font-serif text-lg font-semibold text-ink">Filters</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="-mr-2 flex size-11 items-center justify-center rounded-md text-ink-soft hover:text-maroon"
            >
              <span className="sr-only">Close filters</span>
              <X aria-hidden="true" className="size-6" />
            </button>
          </div>
          <FilterPanel {...panel} className="flex-1 px-4 py-5" />
          <div className="sticky bottom-0 border-t border-sand bg-white p-4">
            <button type="button" onClick={onClose} className={buttonClasses('primary', 'md', 'w-full')}>
              Show results
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
