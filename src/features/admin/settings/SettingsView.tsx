import type { EditionSettings } from '@/data/edition/settings';
import { doualaInstant, formatDate } from '@/lib/dates';
import { formatDouala } from '@/lib/douala-input';
import { formatCount } from '@/lib/numbers';
import { formatPhone } from '@/lib/phone';
import { card } from '../ui/classes';
import { placeLimit, SECTIONS, type Input } from './settings-fields';

/** What an empty optional setting means, as the form's hints say it. */
const WHEN_EMPTY: Partial<Record<Input['key'], string>> = {
  reservationsCloseAt: 'Au début du concert',
  personalDataPurgeAt: 'Non fixée : pas de purge',
};

/** One setting as text: Douala dates and times, counts, the phone as people write it. */
function valueText(f: Input, settings: EditionSettings): string {
  const value = settings[f.key];
  if (value === null || value === '') return WHEN_EMPTY[f.key] ?? '—';
  if (typeof value === 'number')
    return f.key === 'overbookingPercent' ? `${value} %` : formatCount(value);
  if (f.type === 'datetime-local') return `${formatDouala(value)} (heure de Douala)`;
  if (f.type === 'date') return formatDate(doualaInstant(value));
  if (f.type === 'tel') return formatPhone(value);
  return value;
}

/**
 * The settings for a reader (`lecteur`): the same sections and fields as the admins' form, as
 * text, with no input and no button (issue 27, docs/decisions/023-honest-screens.md): what the
 * database would refuse them is not offered.
 */
export function SettingsView({ settings }: { settings: EditionSettings }) {
  return (
    <div className="space-y-6">
      {SECTIONS.map((section) => (
        <section key={section.title} aria-label={section.title} className={card}>
          <h2 className="mb-4 text-lg font-semibold text-gray-900">{section.title}</h2>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {section.fields.map((f) => (
              <div key={f.key} className="min-w-0">
                <dt className="text-sm text-gray-600">{f.label}</dt>
                <dd className="font-medium break-words text-gray-900">{valueText(f, settings)}</dd>
              </div>
            ))}
            {section.title === 'Places et réservations' && (
              <div className="min-w-0">
                <dt className="text-sm text-gray-600">Places confirmables</dt>
                <dd className="font-medium text-gray-900">
                  {formatCount(placeLimit(settings.capacity, settings.overbookingPercent))}
                </dd>
              </div>
            )}
          </dl>
        </section>
      ))}
      <p className="text-sm text-gray-700">
        Dernière modification : {formatDouala(settings.updatedAt)} (heure de Douala).
      </p>
    </div>
  );
}
