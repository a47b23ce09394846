// Placeholder until this page lands.
export default function ResetPasswordPage() {
  return <main className="p-8">reset-password</main>;
}
