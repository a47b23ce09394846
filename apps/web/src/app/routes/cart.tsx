// Placeholder until this page lands.
export default function CartPage() {
  return <main className="p-8">cart</main>;
}
