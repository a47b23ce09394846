/** A fresh key per placement attempt (docs/decisions/005): a retried request returns the first order. */
export function newIdempotencyKey(): string {
  // randomUUID needs a secure context; a shop opened over plain http on a LAN address still gets a key.
  if (typeof crypto.randomUUID === 'function' && window.isSecureContext) return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}
