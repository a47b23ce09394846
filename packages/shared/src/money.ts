/** Money is integer paise everywhere but the API's JSON, which speaks rupees (SPEC §3). */

export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

export function paiseToRupees(paise: number): number {
  return paise / 100;
}

/** DESIGN §2: discountedPrice = round(price × (1 − discount/100)) to the paisa. */
export function discountedPaise(pricePaise: number, discountPercentage: number): number {
  return Math.round((pricePaise * (100 - discountPercentage)) / 100);
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });
const inrWhole = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });

/** ₹1,24,999 — Indian digit grouping; paise shown only when there are any. */
export function formatRupees(rupees: number): string {
  return Number.isInteger(rupees) ? inrWhole.format(rupees) : inr.format(rupees);
}
