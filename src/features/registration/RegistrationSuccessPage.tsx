export default function RegistrationSuccessPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Inscription réussie !</h1>
    </main>
  );
}
