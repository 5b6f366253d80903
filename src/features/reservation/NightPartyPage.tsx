export default function NightPartyPage() {
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">Booster Night Party</h1>
    </main>
  );
}
