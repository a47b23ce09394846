// Placeholder until this page lands.
export default function OrdersPage() {
  return <main className="p-8">orders</main>;
}
