import { useId, type ReactNode } from 'react';

/** One titled card of the profile page: an optional icon before the title, an optional action after it. */
export function ProfileSection({
  title,
  description,
  icon,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-sand/70 sm:p-8"
    >
      <div className={icon ? 'flex items-start gap-3' : 'flex flex-wrap items-center justify-between gap-3'}>
        {icon}
        <div>
          <h2 id={titleId} className="text-2xl font-semibold text-ink">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-ink-soft">{description}</p>}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}
