import { fieldLabel, journalValue } from './journal-labels';

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The fields that differ between `before` and `after` (every field when one side is empty). */
function changedFields(before: unknown, after: unknown, entity: string | null) {
  const b = asRecord(before);
  const a = asRecord(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({
      field: k,
      label: fieldLabel(k),
      before: journalValue(k, b[k], entity),
      after: journalValue(k, a[k], entity),
    }));
}

/**
 * Before and after of a journal entry, field by field (only what changed), in organisers' words
 * (journal-labels.ts): `entity` is the row's, which tells whose "state" a value is.
 */
export function ChangesTable({
  before,
  after,
  entity,
}: {
  before: unknown;
  after: unknown;
  entity: string | null;
}) {
  const rows = changedFields(before, after, entity);
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
            <th scope="row" className="py-1 pr-4 font-medium text-gray-800">
              {r.label}
            </th>
            <td className="py-1 pr-4 break-words text-gray-800">{r.before}</td>
            <td className="py-1 break-words text-gray-900">{r.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
