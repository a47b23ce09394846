import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import type { ProductSuggestion } from '@shop/shared/product';
import { formatRupees } from '@shop/shared/money';
import { MESSAGES } from '@shop/shared/messages';
import { cx } from '../../../components/ui/cx';
import { useDebounced } from '../../../lib/use-debounced';
import { useSuggestProductsQuery } from '../product-api';

const DEBOUNCE_MS = 180;
const NONE_FOUND: ProductSuggestion[] = [];

export interface SearchBoxProps {
  className?: string;
  /** Called after the box navigates (the phone panel closes itself). */
  onNavigate?: () => void;
}

/** The suggestions once typing pauses, the last answer kept while the next is asked; none for an empty box. */
function useSuggestions(query: string): ProductSuggestion[] | null {
  const asked = useDebounced(query, DEBOUNCE_MS);
  const { currentData, isError } = useSuggestProductsQuery(asked, { skip: !asked });
  const answer = !query ? null : isError ? NONE_FOUND : currentData;
  const [lastAnswer, setLastAnswer] = useState<ProductSuggestion[] | null>(null);
  if (answer !== undefined && answer !== lastAnswer) setLastAnswer(answer);
  return answer === undefined ? lastAnswer : answer;
}

/**
 * The top-bar search, as an ARIA combobox: up to 5 suggestions from the server (docs/product.md,
 * Page frame), arrow keys move, Enter opens the active one or searches, Escape closes.
 */
export function SearchBox({ className, onNavigate }: SearchBoxProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(() => new URLSearchParams(location.search).get('search') ?? '');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLFormElement>(null);
  const query = text.trim();
  const results = useSuggestions(query);
  // The highlighted suggestion belongs to one list of results: a new list starts with none.
  const [highlight, setHighlight] = useState({ of: results, index: -1 });
  const active = highlight.of === results ? highlight.index : -1;
  const setActive = (next: number | ((i: number) => number)) =>
    setHighlight({ of: results, index: typeof next === 'function' ? next(active) : next });

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  const shown = open && query.length > 0 && results !== null;
  const options = shown ? results : [];

  function choose(s: ProductSuggestion) {
    setText('');
    setOpen(false);
    onNavigate?.();
    void navigate(`/product-detail/${s.id}`);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const chosen = options[active];
    if (chosen) return choose(chosen);
    if (!query) return;
    setOpen(false);
    onNavigate?.();
    void navigate(`/?search=${encodeURIComponent(query)}`);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!results?.length || !query) return;
      e.preventDefault();
      const n = results.length;
      setOpen(true);
      if (!shown) return setActive(e.key === 'ArrowDown' ? 0 : n - 1);
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
    } else if (e.key === 'Escape') {
      if (shown) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else if (text) {
        e.preventDefault();
        setText('');
      }
    }
  }

  const activeId = shown && active >= 0 && active < options.length ? `${id}-opt-${active}` : undefined;

  return (
    <form ref={rootRef} role="search" onSubmit={onSubmit} className={cx('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Search products
      </label>
      <input
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        enterKeyHint="search"
        placeholder="Search sarees, brands, categories…"
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        aria-autocomplete="list"
        aria-expanded={shown && options.length > 0}
        aria-controls={listId}
        aria-activedescendant={activeId}
        className="peer block h-11 w-full rounded-full border border-white/20 bg-white pr-12 pl-4 text-sm text-ink shadow-inner placeholder:text-ink-soft/80 focus:border-gold focus:ring-2 focus:ring-gold/60 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-full text-maroon hover:text-maroon-dark"
      >
        <Search aria-hidden="true" className="size-5" />
      </button>
      <div
        className={cx(
          'absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border border-sand bg-white text-ink shadow-xl',
          !shown && 'hidden',
        )}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Product suggestions"
          className={cx(options.length === 0 && 'hidden')}
        >
          {options.map((s, i) => (
            <li
              key={s.id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
              onPointerMove={() => setActive(i)}
              className={cx('flex cursor-pointer items-center gap-3 px-3 py-2', i === active && 'bg-ivory')}
            >
              <img
                src={s.thumbnail}
                alt=""
                width={36}
                height={48}
                loading="lazy"
                className="h-12 w-9 shrink-0 rounded bg-sand object-cover"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{s.title}</span>
                <span className="block truncate text-xs text-ink-soft">
                  {s.brand} · {s.category}
                </span>
              </span>
              <span className="text-sm font-semibold text-maroon">{formatRupees(s.discountedPrice)}</span>
            </li>
          ))}
        </ul>
        {shown && options.length === 0 && (
          <p role="status" className="px-4 py-3 text-sm text-ink-soft">
            {MESSAGES.noProducts}
          </p>
        )}
      </div>
    </form>
  );
}
