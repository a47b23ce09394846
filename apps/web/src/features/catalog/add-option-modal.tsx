import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { errorText } from '../../lib/thunk';
import { Modal } from '../../components/ui/modal';
import { TextField } from '../../components/ui/text-field';
import { createBrand, createCategory } from './catalog-slice';

export interface AddOptionModalProps {
  kind: 'brand' | 'category';
  open: boolean;
  onClose: () => void;
  /** Called with the created option's value (the slice has already appended it). */
  onAdded: (value: string) => void;
}

const copy = {
  brand: { title: 'Add Brand', prompt: 'Enter the name of the brand', label: 'Brand name' },
  category: { title: 'Add Category', prompt: 'Enter the name of the category', label: 'Category name' },
} as const;

/** Add Brand / Add Category: a free-text name, not checked here; the server's refusal shows inline. */
export function AddOptionModal({ kind, open, onClose, onAdded }: AddOptionModalProps) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    setError(undefined);
    try {
      const option = await dispatch(kind === 'brand' ? createBrand(name) : createCategory(name)).unwrap();
      setName('');
      onAdded(option.value);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
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
