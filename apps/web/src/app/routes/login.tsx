// Placeholder until this page lands.
export default function LoginPage() {
  return <main className="p-8">login</main>;
}
