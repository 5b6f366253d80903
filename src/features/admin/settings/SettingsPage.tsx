import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '../ui/ListState';
import { settingsQuery } from '@/data/edition/queries';
import { staffRoleQuery } from '@/data/staff/queries';
import { pageTitle } from '../ui/classes';
import { CriteriaPanel } from './CriteriaPanel';
import { DoorNamesPanel } from './DoorNamesPanel';
import { MessageSettingsPanel } from './MessageSettingsPanel';
import { RetentionPanel } from './RetentionPanel';
import { SettingsForm } from './SettingsForm';
import { SettingsView } from './SettingsView';

/**
 * "Paramètres" (admins; readers read them, without a form): the edition's facts that public pages read from the database (the
 * concert, its venue and places, the reservation window, the contacts, and the contest's
 * registration window and capacity), and the day the edition's personal data may be purged.
 * docs/decisions/009-night-party-operations.md
 */
export default function SettingsPage() {
  const settings = useQuery(settingsQuery());
  const role = useQuery(staffRoleQuery());
  const canWrite = role.data === 'admin';
  const data = role.isPending ? undefined : settings.data;
  return (
    <div className="space-y-6">
      <div>
        <h1 className={pageTitle}>Paramètres</h1>
        <p className="mt-1 text-gray-700">
          Les pages publiques lisent ces informations : une nouvelle édition se prépare ici, sans
          changer le code. Les dates et heures sont celles de Douala.
        </p>
        {/* A reader reads them and is told why nothing here can be changed (issue 27). */}
        {!role.isPending && !canWrite && (
          <p className="mt-3 rounded-lg border border-gray-200 bg-white p-3 text-gray-800">
            Lecture seule : seuls les administrateurs modifient les paramètres et programment la
            purge.
          </p>
        )}
      </div>
      <QueryStatus query={settings} loadingText="Chargement des paramètres…" />
      {data && (canWrite ? <SettingsForm settings={data} /> : <SettingsView settings={data} />)}
      {data && <DoorNamesPanel canWrite={canWrite} />}
      {data && <CriteriaPanel canWrite={canWrite} />}
      {/* The messages' settings are the admins' alone (message_settings). */}
      {data && canWrite && <MessageSettingsPanel />}
      {data && <RetentionPanel purgeAt={data.personalDataPurgeAt} canWrite={canWrite} />}
    </div>
  );
}
