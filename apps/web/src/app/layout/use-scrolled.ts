import { useEffect, useState } from 'react';

/**
 * True once the page has scrolled more than `threshold` pixels. Read only in scroll events: reading
 * scrollY on mount forces a layout of the whole first page before it can paint, and a page opened
 * already scrolled gets a scroll event when the browser restores it.
 */
export function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}
