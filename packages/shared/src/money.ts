/** Money is integer paise everywhere but the API's JSON, which speaks rupees (SPEC §3). */

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/**
 * DESIGN §8: discountedPrice = price × (1 − discount/100) rounded to the whole rupee (half up): Indian
 * shoppers see GST-inclusive prices in whole rupees. Migration 0008 rounded the prices stored before.
 */
export function discountedPaise(pricePaise: number, discountPercentage: number): number {
  return Math.round((pricePaise * (100 - discountPercentage)) / 10_000) * 100;
}

/**
 * ₹1,24,999 — Indian digit grouping (the last three digits, then pairs); paise shown only when there
 * are any. Written out rather than Intl.NumberFormat('en-IN'), whose first use loads locale data for
 * 25–45 ms on the main thread of a first visit; money.test.ts holds it to Intl's output.
 */
export function formatRupees(rupees: number): string {
  const paise = Math.round(Math.abs(rupees) * 100);
  const digits = String(Math.floor(paise / 100));
  const head = digits.slice(0, -3);
  const whole = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  const fraction = paise % 100 && !Number.isInteger(rupees) ? `.${String(paise % 100).padStart(2, '0')}` : '';
  return `${rupees < 0 && paise > 0 ? '-' : ''}₹${whole}${fraction}`;
}
