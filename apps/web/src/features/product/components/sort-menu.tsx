import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { SORT_OPTIONS } from '@shop/shared/constants';
import { cx } from '../../../components/ui/cx';
import { sortKey } from '../listing-query';

export interface SortMenuProps {
  /** The chosen option's key, or null for the shop's default order. */
  value: string | null;
  onChange: (key: string) => void;
  className?: string;
}

/**
 * The Sort menu: Best Rating, Price: Low to High, Price: High to Low. A WAI-ARIA menu button
 * with radio items, written out because Headless UI's Menu would add ~35 KB to the first visit.
 */
export function SortMenu({ value, onChange, className }: SortMenuProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = SORT_OPTIONS.findIndex((o) => sortKey(o) === value);

  function openAt(index: number) {
    setActive(index);
    setOpen(true);
  }

  function close(focusButton: boolean) {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!menuRef.current?.contains(t) && !buttonRef.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  function choose(i: number) {
    const o = SORT_OPTIONS[i];
    close(true);
    if (o) onChange(sortKey(o));
  }

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(e.key === 'ArrowUp' ? SORT_OPTIONS.length - 1 : Math.max(selected, 0));
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    const n = SORT_OPTIONS.length;
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % n,
      ArrowUp: (active - 1 + n) % n,
      Home: 0,
      End: n - 1,
    };
    const next = moves[e.key];
    if (next !== undefined) {
      e.preventDefault();
      setActive(next);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      close(false);
    }
  }

  return (
    <div className={cx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : openAt(Math.max(selected, 0)))}
        onKeyDown={onButtonKey}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-lg border border-sand bg-white px-4 text-sm font-medium text-ink shadow-sm hover:border-maroon/40"
      >
        Sort
        {selected >= 0 && (
          <span className="hidden text-ink-soft sm:inline">: {SORT_OPTIONS[selected]?.name}</span>
        )}
        <ChevronDown
          aria-hidden="true"
          className={cx('size-4 text-ink-soft transition-transform', open && 'rotate-180')}
        />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={`${id}-menu`}
          role="menu"
          aria-labelledby={`${id}-button`}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-30 mt-2 w-56 origin-top-right overflow-hidden rounded-xl border border-sand bg-white py-1 shadow-xl"
        >
          {SORT_OPTIONS.map((o, i) => (
            <button
              key={o.name}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={i === selected}
              tabIndex={i === active ? 0 : -1}
              onClick={() => choose(i)}
              onPointerMove={() => setActive(i)}
              className={cx(
                'flex min-h-11 w-full items-center justify-between px-4 text-left text-sm focus:outline-none',
                i === active ? 'bg-ivory text-maroon' : 'text-ink',
                i === selected && 'font-semibold',
              )}
            >
              {o.name}
              {i === selected && <Check aria-hidden="true" className="size-4 text-maroon" />}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
