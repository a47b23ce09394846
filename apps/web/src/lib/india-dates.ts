// India keeps one time zone, so an India date (YYYY-MM-DD) is drawn as the calendar day it names.
const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
const MOMENT = new Intl.DateTimeFormat('en-IN', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** `2026-11-28` → `Sat, 28 Nov` */
export const formatIndiaDay = (date: string): string => DAY.format(new Date(`${date}T00:00:00Z`));

/** An instant as a clock in India reads it: `Fri, 27 Nov, 8:00 pm` */
export const formatIndiaMoment = (iso: string): string => MOMENT.format(new Date(iso));

/** `Delivery by Sat, 28 Nov`, or `Delivery between Thu, 26 Nov and Sat, 28 Nov`. */
export function deliveryWindowText(window: { from: string; to: string }): string {
  return window.from === window.to
    ? `Delivery by ${formatIndiaDay(window.to)}`
    : `Delivery between ${formatIndiaDay(window.from)} and ${formatIndiaDay(window.to)}`;
}
