// Placeholder until this page lands.
export default function ProductFormPage() {
  return <main className="p-8">admin/product-form</main>;
}
