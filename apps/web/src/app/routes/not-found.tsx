// Placeholder until this page lands.
export default function NotFoundPage() {
  return <main className="p-8">not-found</main>;
}
