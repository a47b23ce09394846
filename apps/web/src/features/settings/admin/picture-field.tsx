import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { Spinner } from '../../../components/ui/spinner';
import { cx } from '../../../components/ui/cx';
import { UploadError, uploadPicture, type PictureKind } from './upload-picture';

export interface PictureFieldProps {
  label: string;
  kind: PictureKind;
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  accept: string;
  hint?: string;
  error?: string;
  /** The preview's frame: a logo is short and wide, a banner wider still. */
  frameClassName?: string;
}

/** One picture of the brand: a preview with Remove, or a picker that uploads at once. */
export function PictureField({
  label,
  kind,
  value,
  onChange,
  accept,
  hint,
  error,
  frameClassName,
}: PictureFieldProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const [uploading, setUploading] = useState(false);

  useEffect(() => () => abortRef.current?.abort(), []);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // The same file may be picked again after a failure: clear the picker's memory of it.
    e.target.value = '';
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setUploading(true);
    try {
      onChange(await uploadPicture(kind, file, controller.signal));
      toast.success(MESSAGES.imageUploaded);
    } catch (err) {
      if (controller.signal.aborted) return;
      toast.error(err instanceof UploadError ? err.message : MESSAGES.imageUploadFailed);
    } finally {
      if (!controller.signal.aborted) setUploading(false);
    }
  }

  function remove() {
    onChange(null);
    // The remove button goes with the preview: keyboard focus moves to the picker that replaces it.
    requestAnimationFrame(() => fileRef.current?.focus());
  }

  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="min-w-0" aria-describedby={described}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{label}</legend>
      <div
        className={cx(
          'relative flex h-28 items-center justify-center overflow-hidden rounded-lg border-2 border-dashed bg-ivory',
          error ? 'border-red-600' : 'border-sand',
          frameClassName,
        )}
      >
        {value ? (
          <>
            <img src={value} alt={`${label} preview`} className="max-h-full max-w-full object-contain p-2" />
            <button
              type="button"
              onClick={remove}
              aria-label={`Remove ${label}`}
              className="absolute top-2 right-2 flex size-10 items-center justify-center rounded-full bg-white/95 text-red-700 shadow-md ring-1 ring-sand transition-colors hover:bg-red-50"
            >
              <Trash2 aria-hidden="true" className="size-5" />
            </button>
          </>
        ) : (
          <label
            htmlFor={`${id}-file`}
            className={cx(
              'flex size-full flex-col items-center justify-center gap-1 p-3 text-center focus-within:ring-2 focus-within:ring-teal/40',
              uploading ? 'cursor-wait' : 'cursor-pointer',
            )}
          >
            {uploading ? (
              <Spinner label={`Uploading ${label}`} />
            ) : (
              <>
                <ImagePlus aria-hidden="true" className="size-7 text-teal" />
                <span className="text-sm font-semibold text-teal">Choose picture</span>
              </>
            )}
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept={accept}
              aria-label={`Upload ${label}`}
              disabled={uploading}
              onChange={(e) => void onFile(e)}
              className="sr-only"
            />
          </label>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="mt-1.5 text-sm text-ink-soft">
          {hint}
        </p>
      ) : null}
    </fieldset>
  );
}
