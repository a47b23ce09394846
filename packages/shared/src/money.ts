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
