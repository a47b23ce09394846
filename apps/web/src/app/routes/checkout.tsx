// Placeholder until this page lands.
export default function CheckoutPage() {
  return <main className="p-8">checkout</main>;
}
