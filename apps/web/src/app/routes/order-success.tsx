// Placeholder until this page lands.
export default function OrderSuccessPage() {
  return <main className="p-8">order-success</main>;
}
