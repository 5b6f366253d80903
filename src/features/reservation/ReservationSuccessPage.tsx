export default function ReservationSuccessPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Réservation confirmée</h1>
    </main>
  );
}
