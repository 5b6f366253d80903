import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../shared/ListState';
import { settingsQuery } from '../shared/queries';
import { pageTitle } from '../shared/ui';
import { RetentionPanel } from './RetentionPanel';
import { SettingsForm } from './SettingsForm';

/**
 * "Paramètres" (admins): the edition's facts that public pages read from the database (the
 * concert, its venue and places, the reservation window, the contacts, and the contest's
 * registration window and capacity), and the day the edition's personal data may be purged.
 * docs/decisions/009-night-party-operations.md
 */
export default function SettingsPage() {
  const settings = useQuery(settingsQuery());
  return (
    <div className="space-y-6">
      <div>
        <h1 className={pageTitle}>Paramètres</h1>
        <p className="mt-1 text-gray-700">
          Les pages publiques lisent ces informations : une nouvelle édition se prépare ici, sans
          changer le code. Les dates et heures sont celles de Douala.
        </p>
      </div>
      <QueryStatus query={settings} loadingText="Chargement des paramètres…" />
      {settings.data && <SettingsForm settings={settings.data} />}
      {settings.data && <RetentionPanel purgeAt={settings.data.personalDataPurgeAt} />}
    </div>
  );
}
