// Placeholder until this page lands.
export default function LogoutPage() {
  return <main className="p-8">logout</main>;
}
