import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { TextField } from '../../../components/ui/text-field';
import { paths } from '../../../config/paths';
import { TRACK_REF_MESSAGE as REF_MESSAGE, TRACK_REF_RE as REF_RE } from '@shop/shared/shipping';

/** An order number (`1234`, `#1234`) or a courier's AWB; a valid one opens `/track/{ref}`. */
export function TrackSearch({
  initial = '',
  submitLabel = 'Track',
  className,
}: {
  initial?: string;
  submitLabel?: string;
  className?: string;
}) {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | undefined>();

  function submit(e: FormEvent) {
    e.preventDefault();
    const ref = value.trim();
    if (!REF_RE.test(ref)) {
      setError(REF_MESSAGE);
      input.current?.focus();
      return;
    }
    setError(undefined);
    void navigate(paths.track(ref.replace(/^#/, '')));
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      role="search"
      aria-label="Track an order"
      className={cx('flex flex-col gap-3 sm:flex-row sm:items-start', className)}
    >
      <TextField
        ref={input}
        label="Order number or AWB"
        hint="Your order number is in your order mail, like #1234. The AWB is the courier’s parcel number."
        placeholder="e.g. 1234"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
        wrapperClassName="flex-1"
      />
      <Button
        type="submit"
        size="lg"
        icon={<Search aria-hidden="true" className="size-5" />}
        className="sm:mt-7"
      >
        {submitLabel}
      </Button>
    </form>
  );
}
