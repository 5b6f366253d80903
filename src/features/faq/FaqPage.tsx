export default function FaqPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Questions fréquentes</h1>
    </main>
  );
}
