export default function ParticipantsPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Participants</h1>
    </main>
  );
}
