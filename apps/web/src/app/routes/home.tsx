// Placeholder until this page lands.
export default function HomePage() {
  return <main className="p-8">home</main>;
}
