export default function RegistrationPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Inscription au Booster Challenge</h1>
    </main>
  );
}
