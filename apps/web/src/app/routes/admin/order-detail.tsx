// Placeholder until this page lands.
export default function OrderDetailPage() {
  return <main className="p-8">admin/order-detail</main>;
}
