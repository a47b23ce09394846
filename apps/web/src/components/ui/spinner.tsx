/** A spinner with an accessible label. */
export function Spinner({ label = 'Loading...', className = '' }: { label?: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-gold/40 border-t-maroon motion-reduce:animate-none" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** SPEC §2 app shell: the full-screen Loading... spinner. */
export function FullScreenSpinner() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 bg-ivory text-maroon">
      <Spinner />
      <p className="font-serif text-lg">Loading...</p>
    </div>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
