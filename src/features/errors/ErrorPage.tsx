export default function ErrorPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Oops! Une erreur est survenue</h1>
    </main>
  );
}
