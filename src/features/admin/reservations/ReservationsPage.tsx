export default function ReservationsPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Réservations</h1>
    </main>
  );
}
