export default function DashboardPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Tableau de bord</h1>
    </main>
  );
}
