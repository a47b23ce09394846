// Placeholder until this page lands.
export default function ProductDetailPage() {
  return <main className="p-8">product-detail</main>;
}
