// Placeholder until this page lands.
export default function SignupPage() {
  return <main className="p-8">signup</main>;
}
