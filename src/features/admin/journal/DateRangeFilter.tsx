import { Field } from '@/components/ui/Field';

type DateRangeFilterProps = {
  from: string;
  to: string;
  onChange: (key: 'from' | 'to', value: string) => void;
};

/** "Du … au …": two days (Douala), both included; each change is one URL change. */
export function DateRangeFilter({ from, to, onChange }: DateRangeFilterProps) {
  const reversed = from !== '' && to !== '' && to < from;
  return (
    <fieldset className="grid gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-4">
      <legend className="sr-only">Période</legend>
      <Field label="Du" hint="Jour inclus (heure de Douala).">
        <input
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => onChange('from', e.target.value)}
        />
      </Field>
      <Field
        label="Au"
        hint="Jour inclus."
        error={reversed ? 'La fin de la période doit suivre son début.' : undefined}
      >
        <input
          type="date"
          value={to}
          min={from || undefined}
          onChange={(e) => onChange('to', e.target.value)}
        />
      </Field>
    </fieldset>
  );
}
