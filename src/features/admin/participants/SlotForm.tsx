import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { RequiredLegend } from '@/components/ui/RequiredLegend';
import { useSyncedState } from '@/lib/use-synced-state';
import { fromDoualaInput, toDoualaInput } from '@/lib/douala-input';
import { AUDITION_CITIES } from './status-labels';

export type Slot = { city: string; at: string };

const MISSING = 'Choisissez la ville, la date et l’heure de l’audition.';

/**
 * An audition slot: city (one of the edition's audition cities), date and time in Douala.
 * `onAssign` receives the city and the instant as ISO with +01:00.
 */
export function SlotForm({
  label,
  submitLabel,
  initial,
  busy,
  onAssign,
}: {
  /** Names the form ("Attribuer un créneau"). */
  label: string;
  submitLabel: string;
  initial?: { city: string | null; at: string | null };
  busy: boolean;
  onAssign: (slot: Slot) => void;
}) {
  const start = toDoualaInput(initial?.at);
  const [city, setCity] = useSyncedState(initial?.city ?? '');
  const [date, setDate] = useSyncedState(start.slice(0, 10));
  const [time, setTime] = useSyncedState(start.slice(11, 16));
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const at = date && time ? fromDoualaInput(`${date}T${time}`) : null;
    if (!city || !at) {
      setError(MISSING);
      return;
    }
    setError(undefined);
    onAssign({ city, at });
  };

  return (
    <form aria-label={label} onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3">
      <RequiredLegend className="sm:col-span-3" />
      <Field label="Ville" required>
        <select value={city} onChange={(e) => setCity(e.target.value)}>
          <option value="">Choisir…</option>
          {AUDITION_CITIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Date de l’audition" required>
        <input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </Field>
      <Field label="Heure (Douala)" required>
        <input type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </Field>
      {error && (
        <p role="alert" className="text-sm text-red-700 sm:col-span-3">
          {error}
        </p>
      )}
      <div className="sm:col-span-3">
        <Button type="submit" busy={busy} busyLabel="Enregistrement…">
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
