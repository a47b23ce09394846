import type { ReactNode } from 'react';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from '@headlessui/react';
import { Button, type ButtonVariant } from './button';

export interface ModalProps {
  open: boolean;
  /** Called on Cancel, Escape and a click outside the panel. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** With a confirm label the modal shows Cancel and a confirm button. */
  confirmLabel?: string;
  onConfirm?: () => void;
  confirmVariant?: ButtonVariant;
  confirmDisabled?: boolean;
  confirmLoading?: boolean;
  cancelLabel?: string;
}

/** A centred dialog (Headless UI): focus is trapped inside and returned on close. */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  confirmLabel,
  onConfirm,
  confirmVariant = 'primary',
  confirmDisabled,
  confirmLoading,
  cancelLabel = 'Cancel',
}: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-ink/50 backdrop-blur-[2px] transition-opacity duration-200 data-closed:opacity-0 motion-reduce:transition-none"
      />
      <div className="fixed inset-0 flex items-end justify-center p-4 sm:items-center">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl transition duration-200 data-closed:translate-y-4 data-closed:opacity-0 motion-reduce:transition-none"
        >
          <DialogTitle className="font-serif text-xl font-semibold text-ink">{title}</DialogTitle>
          {description && <Description className="mt-2 text-ink-soft">{description}</Description>}
          {children && <div className="mt-4">{children}</div>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose}>
              {cancelLabel}
            </Button>
            {confirmLabel && (
              <Button
                variant={confirmVariant}
                onClick={onConfirm}
                disabled={confirmDisabled}
                loading={confirmLoading}
              >
                {confirmLabel}
              </Button>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
