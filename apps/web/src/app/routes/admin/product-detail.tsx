// Placeholder until this page lands.
export default function ProductDetailPage() {
  return <main className="p-8">admin/product-detail</main>;
}
