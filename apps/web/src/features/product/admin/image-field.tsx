import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, Trash2 } from 'lucide-react';
import { toast } from 'react-toastify';
import { MESSAGES } from '@shop/shared/messages';
import { IMAGE_URL_RE } from '@shop/shared/product';
import { Spinner } from '../../../components/ui/spinner';
import { inputClasses } from '../../../components/ui/text-field';
import { cx } from '../../../components/ui/cx';
import { responsiveImage } from '../components/product-image';
import { UploadError, uploadImage } from './upload-image';

export interface ImageFieldProps {
  label: string;
  value: string;
  onChange: (url: string) => void;
  onBlur?: () => void;
  /** The URL input's ref, so a failed submit can focus the first field in error. */
  inputRef?: (el: HTMLInputElement | null) => void;
  error?: string;
  disabled?: boolean;
}

export function ImageField({ label, value, onChange, onBlur, inputRef, error, disabled }: ImageFieldProps) {
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const refocus = useRef(false);
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const showPreview = IMAGE_URL_RE.test(value.trim());

  useEffect(() => () => abortRef.current?.abort(), []);

  async function onFile(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    // The same file may be picked again after a failure: clear the picker's memory of it.
    e.target.value = '';
    if (!file) return;
    const controller = new AbortController();
    abortRef.current = controller;
    setProgress(0);
    try {
      const uploaded = await uploadImage(file, setProgress, controller.signal);
      onChange(uploaded.secure_url);
      toast.success(MESSAGES.imageUploaded);
    } catch (err) {
      if (controller.signal.aborted) return;
      toast.error(err instanceof UploadError ? err.message : MESSAGES.imageUploadFailed);
    } finally {
      if (!controller.signal.aborted) setProgress(null);
    }
  }

  function remove() {
    onChange('');
    toast.success(MESSAGES.imageRemoved);
    refocus.current = true;
  }

  // The remove button disappears with the preview: keyboard focus moves to the picker that replaces it.
  useEffect(() => {
    if (refocus.current && !showPreview) {
      refocus.current = false;
      fileRef.current?.focus();
    }
  }, [showPreview]);

  const preview = showPreview ? responsiveImage(value.trim()) : null;

  return (
    <fieldset className="min-w-0" disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-ink">{label}</legend>
      <div
        className={cx(
          'relative aspect-[3/4] overflow-hidden rounded-lg border-2 border-dashed bg-ivory',
          error ? 'border-red-600' : 'border-sand',
          !preview && !uploading && 'focus-within:border-teal hover:border-teal/60',
        )}
      >
        {preview ? (
          <>
            <img
              src={preview.src}
              srcSet={preview.srcSet}
              sizes="200px"
              alt={`${label} preview`}
              className="size-full object-cover"
            />
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
              'flex size-full flex-col items-center justify-center gap-2 p-3 text-center',
              uploading ? 'cursor-wait' : 'cursor-pointer',
            )}
          >
            {uploading ? (
              <>
                <Spinner label={`Uploading ${label}`} />
                <span className="text-sm font-medium text-ink">Uploading… {progress}%</span>
                <span
                  role="progressbar"
                  aria-label={`${label} upload progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={progress ?? 0}
                  className="h-2 w-4/5 overflow-hidden rounded-full bg-sand"
                >
                  <span
                    className="block h-full rounded-full bg-teal transition-[width]"
                    style={{ width: `${progress}%` }}
                  />
                </span>
              </>
            ) : (
              <>
                <ImagePlus aria-hidden="true" className="size-8 text-teal" />
                <span className="text-sm font-semibold text-teal">Choose image</span>
                <span className="text-xs font-medium text-ink-soft">MAX 10MB</span>
              </>
            )}
            <input
              ref={fileRef}
              id={`${id}-file`}
              type="file"
              accept="image/*"
              aria-label={`Upload ${label}`}
              disabled={uploading || disabled}
              onChange={(e) => void onFile(e)}
              className="sr-only"
            />
          </label>
        )}
      </div>
      <label htmlFor={`${id}-url`} className="mt-2 mb-1 block text-xs font-medium text-ink-soft">
        {label} URL
      </label>
      <input
        ref={inputRef}
        id={`${id}-url`}
        type="text"
        inputMode="url"
        placeholder="or paste an image URL"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClasses(Boolean(error), 'min-h-10 text-sm')}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
