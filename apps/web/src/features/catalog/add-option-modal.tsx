import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/error-text';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { useCreateBrandMutation, useCreateCategoryMutation } from './catalog-api';

export interface AddOptionModalProps {
  kind: 'brand' | 'category';
  open: boolean;
  onClose: () => void;
  /** Called with the created option's value (already appended to the cached list). */
  onAdded: (value: string) => void;
}

const copy = {
  brand: { title: 'Add Brand', prompt: 'Enter the name of the brand', label: 'Brand name' },
  category: { title: 'Add Category', prompt: 'Enter the name of the category', label: 'Category name' },
} as const;

/** Add Brand / Add Category: a free-text name, not checked here; the server's refusal shows inline. */
export function AddOptionModal({ kind, open, onClose, onAdded }: AddOptionModalProps) {
  const [createBrand, brandState] = useCreateBrandMutation();
  const [createCategory, categoryState] = useCreateCategoryMutation();
  const create = kind === 'brand' ? createBrand : createCategory;
  const busy = (kind === 'brand' ? brandState : categoryState).isLoading;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const text = copy[kind];

  function close() {
    if (busy) return;
    setName('');
    setError(undefined);
    onClose();
  }

  async function add(e?: FormEvent) {
    e?.preventDefault();
    // Events from this portal still bubble to the product form in React's tree.
    e?.stopPropagation();
    if (!name.trim() || busy) return;
    setError(undefined);
    const result = await create(name);
    if (result.error) return setError(errorText(result.error));
    setName('');
    onAdded(result.data.value);
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={text.title}
      description={text.prompt}
      confirmLabel="Add"
      confirmDisabled={!name.trim()}
      confirmLoading={busy}
      onConfirm={() => void add()}
    >
      <form onSubmit={(e) => void add(e)}>
        <TextField
          label={text.label}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={error}
          autoComplete="off"
          data-autofocus
        />
      </form>
    </Modal>
  );
}
