// Placeholder until this page lands.
export default function ProfilePage() {
  return <main className="p-8">profile</main>;
}
