export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** Rounded to the whole rupee, half up: Indian shoppers see GST-inclusive prices in whole rupees. */
export function discountedPaise(pricePaise: number, discountPercentage: number): number {
  return Math.round((pricePaise * (100 - discountPercentage)) / 10_000) * 100;
}

// Not Intl.NumberFormat('en-IN'): it loads locale data on a first visit (money.test.ts compares the two).
export function formatRupees(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const digits = String(Math.floor(paise / 100));
  const head = digits.slice(0, -3);
  const whole = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  const fraction = paise % 100 && !Number.isInteger(rupees) ? `.${String(paise % 100).padStart(2, '0')}` : '';
  return `${rupees < 0 && paise > 0 ? '-' : ''}₹${whole}${fraction}`;
}

/** `total` paise split in proportion to `weights`, in whole paise that add up to it (largest remainders, ties to the first). */
export function splitPaise(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left-- <= 0) break;
    out[i]! += 1;
  }
  return out;
}
