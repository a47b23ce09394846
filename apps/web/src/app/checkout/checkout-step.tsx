import type { ReactNode } from 'react';

export interface CheckoutStepProps {
  n: number;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}

export function CheckoutStep({ n, title, children, action }: CheckoutStepProps) {
  return (
    <section
      aria-labelledby={`step-${n}`}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`step-${n}`} className="flex items-center gap-3 text-xl font-semibold text-ink">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-maroon font-sans text-sm font-bold text-white"
          >
            {n}
          </span>
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}
