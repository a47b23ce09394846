import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { endFirstPaint, paintedPath } from './first-paint';

/**
 * Ends the first paint as soon as the app shows another page than the one painted: a guard's
 * redirect (a product opened signed out goes to /login), an unknown product's /404, a link followed.
 */
export function useEndFirstPaintElsewhere(): void {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    if (pathname !== paintedPath) endFirstPaint();
  }, [pathname]);
}

/** The server's picture of this page (src/first-paint.server.tsx) gives way once the app has drawn it too. */
export function useEndFirstPaintOnceDrawn(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) endFirstPaint();
  }, [drawn]);
}
