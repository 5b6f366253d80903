/** A value of a journal's before/after as text (objects and lists as compact JSON). */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The fields that differ between `before` and `after` (every field when one side is empty). */
function changedFields(before: unknown, after: unknown) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: valueText(b[k]), after: valueText(a[k]) }));
}

/** Before and after of a journal entry, field by field (only what changed). */
export function ChangesTable({ before, after }: { before: unknown; after: unknown }) {
  const rows = changedFields(before, after);
  if (rows.length === 0) {
    return <p className="text-sm text-gray-700">Aucune valeur enregistrée avant ou après.</p>;
  }
  return (
    <table className="min-w-full text-left text-sm">
      <caption className="sr-only">Valeurs avant et après</caption>
      <thead>
        <tr>
          <th scope="col" className="py-1 pr-4 font-semibold text-gray-700">
            Champ
          </th>
          <th scope="col" className="py-1 pr-4 font-semibold text-gray-700">
            Avant
          </th>
          <th scope="col" className="py-1 font-semibold text-gray-700">
            Après
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.field} className="align-top">
            <th scope="row" className="py-1 pr-4 font-mono text-xs font-normal text-gray-800">
              {r.field}
            </th>
            <td className="py-1 pr-4 break-all text-gray-800">{r.before}</td>
            <td className="py-1 break-all text-gray-900">{r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
