import { useRef, useState, type ChangeEvent } from 'react';
import { errorText } from '../../../lib/error-text';

/** What an RTK Query mutation's trigger resolves to. */
type Sent<R> = { data: R; error?: undefined } | { data?: undefined; error: object };

export interface OneFieldDialogOptions<T, R> {
  /** The field's text checked: the value to send, or what is wrong with it. */
  check: (text: string) => { value: T } | { problem: string | undefined };
  send: (value: T) => Promise<Sent<R>>;
  /** After the server took it and the dialog closed (a toast). */
  done: (data: R) => void;
  /** While it is sent: the confirm button spins and the dialog stays open. */
  busy: boolean;
}

/**
 * A dialog that asks for one field before a change (for `ModalForm`): the field is checked first and
 * focused when wrong; the server's refusal is kept to show; on success the dialog closes and the field
 * empties.
 */
export function useOneFieldDialog<E extends HTMLInputElement | HTMLTextAreaElement, T, R>({
  check,
  send,
  done,
  busy,
}: OneFieldDialogOptions<T, R>) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const ref = useRef<E>(null);

  async function submit() {
    setRefusal(null);
    const checked = check(text);
    if ('problem' in checked) {
      setInvalid(checked.problem);
      ref.current?.focus();
      return;
    }
    setInvalid(undefined);
    const result = await send(checked.value);
    if (result.error) {
      setRefusal(errorText(result.error));
      return;
    }
    setOpen(false);
    setText('');
    done(result.data);
  }

  return {
    /** Opens the dialog afresh: no error from the last time. */
    show: () => {
      setRefusal(null);
      setInvalid(undefined);
      setOpen(true);
    },
    /** `ModalForm`'s props but its words. */
    modal: {
      open,
      onClose: () => {
        if (!busy) setOpen(false);
      },
      onSubmit: submit,
      refusal,
      confirmLoading: busy,
    },
    /** The field's props (TextField, TextArea). */
    field: {
      ref,
      value: text,
      onChange: (e: ChangeEvent<E>) => setText(e.target.value),
      error: invalid,
    },
  };
}
