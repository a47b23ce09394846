// Placeholder until this page lands.
export default function ProductsPage() {
  return <main className="p-8">admin/products</main>;
}
