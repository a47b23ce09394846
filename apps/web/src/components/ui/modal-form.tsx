import type { ReactNode } from 'react';
import { Modal, type ModalProps } from './modal';

export interface ModalFormProps extends Omit<ModalProps, 'onConfirm' | 'children'> {
  /** Called by the confirm button and by Enter in a field. */
  onSubmit: () => void | Promise<unknown>;
  /** The server's refusal, shown under the fields as an alert. */
  refusal?: string | null;
  /** The form's fields. */
  children?: ReactNode;
  /** Classes for the form. */
  className?: string;
}

/**
 * A dialog that asks for a few fields (`Modal` around a form): Enter in a field submits as the confirm
 * button does, and the server's refusal shows under the fields.
 */
export function ModalForm({ onSubmit, refusal, children, className, ...modal }: ModalFormProps) {
  return (
    <Modal {...modal} onConfirm={() => void onSubmit()}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
        className={className}
      >
        {children}
      </form>
      {refusal && (
        <p role="alert" className="mt-3 text-sm font-medium text-red-700">
          {refusal}
        </p>
      )}
    </Modal>
  );
}
