export default function HomePage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Booster Challenge</h1>
    </main>
  );
}
