export default function ParticipantDetailPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Participant</h1>
    </main>
  );
}
