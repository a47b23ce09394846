// Placeholder until this page lands.
export default function ForgotPasswordPage() {
  return <main className="p-8">forgot-password</main>;
}
