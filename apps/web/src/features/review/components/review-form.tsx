import { useId, useRef, useState, type FormEvent } from 'react';
import { ImagePlus, Star, X } from 'lucide-react';
import { MAX_REVIEW_PHOTOS, type Review } from '@shop/shared/reviews';
import { Button } from '../../../components/ui/button';
import { cx } from '../../../components/ui/cx';
import { Spinner } from '../../../components/ui/spinner';
import { TextArea } from '../../../components/ui/text-area';
import { TextField } from '../../../components/ui/text-field';
import type { ApiFailure } from '../../../lib/base-api';
import { smallPhoto, useUploadReviewPhotoMutation, useWriteReviewMutation } from '../review-api';

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'];
const failure = (e: unknown) => (e as ApiFailure | undefined)?.message ?? 'Something went wrong. Please try again.';

/**
 * A buyer's review: stars (radio buttons, so arrow keys move between them), a title, the text and up to five
 * photos, each uploaded as it is chosen. The server checks everything and its message is shown as it is.
 */
export function ReviewForm({ productId, onDone, onCancel }: { productId: number; onDone: (review: Review) => void; onCancel: () => void }) {
  const [rating, setRating] = useState(0);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [write, writing] = useWriteReviewMutation();
  const [upload, uploading] = useUploadReviewPhotoMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      onDone(await write({ productId, body: { rating, title, body, photos } }).unwrap());
    } catch (err) {
      setError(failure(err));
    }
  }

  async function addPhotos(files: FileList | null) {
    setPhotoError(null);
    // One by one, as the server takes one image a call; past the fifth the rest are left.
    for (const file of Array.from(files ?? []).slice(0, MAX_REVIEW_PHOTOS - photos.length)) {
      try {
        const { url } = await upload(file).unwrap();
        setPhotos((now) => (now.length < MAX_REVIEW_PHOTOS ? [...now, url] : now));
      } catch (err) {
        setPhotoError(failure(err));
        break;
      }
    }
    if (fileInput.current) fileInput.current.value = '';
  }

  return (
    <form onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-heading`} className="space-y-5 rounded-xl border border-sand bg-ivory/60 p-5">
      <h3 id={`${id}-heading`} className="font-serif text-xl font-bold text-ink">
        Write a review
      </h3>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">Your rating</legend>
        <div className="flex items-center gap-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer rounded-md p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal">
              <input
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                onChange={() => setRating(n)}
                className="sr-only"
                aria-label={`${n} ${n === 1 ? 'star' : 'stars'}: ${STAR_WORDS[n - 1]}`}
              />
              <Star aria-hidden="true" className={cx('size-8 transition-colors', rating >= n ? 'fill-gold text-gold' : 'fill-sand text-sand hover:text-gold')} />
            </label>
          ))}
          {rating > 0 && <span className="ml-2 text-sm text-ink-soft">{STAR_WORDS[rating - 1]}</span>}
        </div>
      </fieldset>
      <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} placeholder="What stood out?" />
      <TextArea label="Your review" value={body} onChange={(e) => setBody(e.target.value)} maxLength={4000} rows={5} placeholder="The fabric, the colour, the drape, the fit…" />

      <div>
        <p className="mb-1.5 text-sm font-medium text-ink">
          Photos <span className="font-normal text-ink-soft">(up to {MAX_REVIEW_PHOTOS})</span>
        </p>
        <ul className="flex flex-wrap gap-2">
          {photos.map((url, i) => (
            <li key={url + i} className="relative">
              <img src={smallPhoto(url)} alt={`Your photo ${i + 1}`} className="size-20 rounded-lg border border-sand object-cover" />
              <button
                type="button"
                onClick={() => setPhotos((now) => now.filter((_, j) => j !== i))}
                aria-label={`Remove photo ${i + 1}`}
                className="absolute -top-2 -right-2 inline-flex size-7 items-center justify-center rounded-full bg-ink/85 text-white hover:bg-ink"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
          {photos.length < MAX_REVIEW_PHOTOS && (
            <li>
              <label className="flex size-20 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-teal/60 bg-white text-xs font-medium text-teal hover:bg-teal/5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal">
                {uploading.isLoading ? <Spinner size="sm" label="Uploading photo" /> : <ImagePlus aria-hidden="true" className="size-5" />}
                Add photos
                <input ref={fileInput} type="file" accept="image/*" multiple className="sr-only" disabled={uploading.isLoading} onChange={(e) => void addPhotos(e.target.files)} />
              </label>
            </li>
          )}
        </ul>
        {photoError && (
          <p role="alert" className="mt-1.5 text-sm text-red-700">
            {photoError}
          </p>
        )}
      </div>

      {error && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={writing.isLoading} disabled={uploading.isLoading}>
          Post review
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
