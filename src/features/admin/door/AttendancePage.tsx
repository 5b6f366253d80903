import { EditionYear } from '@/components/edition/EditionFact';
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { CSV_MIME, downloadFile } from '@/lib/csv';
import { logExport } from '@/data/journal/audit';
import type { AttendanceRow } from '@/data/reservations/night-party-admin';
import { DataTable } from '../ui/DataTable';
import { Fact, ListCard } from '../ui/ListCards';
import { useNarrowScreen } from '../ui/use-narrow-screen';
import { ExportButton } from '../ui/ExportButton';
import { ListHeader } from '../ui/ListHeader';
import { EmptyState, QueryStatus } from '../ui/ListState';
import { attendanceCsv, attendanceFileName } from './attendance-csv';
import { attendanceReportQuery } from '@/data/reservations/queries';
import { card, td } from '../ui/classes';
import {
  ATTENDANCE_QUESTIONS,
  answerLabel,
  attendanceRate,
  prefilledFigures,
} from './attendance-labels';
import { formatCount } from '@/lib/numbers';
import { doorCountAdminQuery, doubleEntriesQuery, laneAlertsQuery } from '@/data/door/queries';
import { DoubleEntries } from '../ui/DoubleEntries';
import { PerDoorEntries } from './PerDoorEntries';
import { LaneAlerts } from './LaneAlerts';

const n = formatCount;
const rateText = (rate: number | null) => (rate === null ? '—' : `${rate} %`);

/**
 * The bar of an answer (decoration: the numbers are in the cells): its length is its share of the
 * question's largest group of confirmed places, its fill the part of them who came.
 */
function AttendanceBar({ row, max }: { row: AttendanceRow; max: number }) {
  const length = max > 0 ? (row.reserved / max) * 100 : 0;
  const fill = row.reserved > 0 ? (row.came / row.reserved) * 100 : 0;
  return (
    <div aria-hidden="true" className="mt-1 h-3 w-40 max-w-full">
      <div className="h-full rounded-sm bg-amber-200" style={{ width: `${length}%` }}>
        <div className="h-full rounded-sm bg-brand-700" style={{ width: `${fill}%` }} />
      </div>
    </div>
  );
}

/**
 * How many confirmed places left the question's pre-filled answer as the form offered it: a
 * figure of that answer is partly the form's, not the visitor's (docs/decisions/025-survey-defaults.md).
 */
function PrefilledNote({ rows }: { rows: AttendanceRow[] }) {
  const f = prefilledFigures(rows);
  if (!f) return null;
  const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-gray-800">
      <p>
        Réponse pré-remplie sur le formulaire : « {f.answer} ». Sur {n(f.total)}{' '}
        {plural(f.total, 'réservation confirmée', 'réservations confirmées')} :
      </p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <strong>{n(f.kept)}</strong>{' '}
          {plural(f.kept, 'laissée telle quelle', 'laissées telles quelles')}
        </li>
        <li>
          <strong>{n(f.changed)}</strong> {plural(f.changed, 'changée', 'changées')} par le visiteur
        </li>
        <li>
          <strong>{n(f.unknown)}</strong> {plural(f.unknown, 'inconnue', 'inconnues')}{' '}
          {plural(f.unknown, '(réservation faite', '(réservations faites')} avant ce relevé)
        </li>
      </ul>
    </div>
  );
}

function QuestionTable({
  title,
  question,
  rows,
}: {
  title: string;
  question: string;
  rows: AttendanceRow[];
}) {
  const id = useId();
  const narrow = useNarrowScreen();
  const max = Math.max(0, ...rows.map((r) => r.reserved));
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-700">Question posée : « {question} »</p>
      <PrefilledNote rows={rows} />
      {narrow ? (
        // On a phone, one card per answer (issue 40: four columns ran off a 360 px screen).
        // A plain list: the section around it already carries the question's name.
        <ul className="space-y-3">
          {rows.map((r) => (
            <ListCard
              key={r.answer}
              title={r.prefilled ? `${answerLabel(r)} (pré-rempli)` : answerLabel(r)}
            >
              <Fact term="Réservations confirmées">{n(r.reserved)}</Fact>
              <Fact term="Venus">{n(r.came)}</Fact>
              <Fact term="Taux de venue">
                {rateText(attendanceRate(r.came, r.reserved))}
                <AttendanceBar row={r} max={max} />
              </Fact>
            </ListCard>
          ))}
        </ul>
      ) : (
        <DataTable
          caption={title}
          regionLabel={`Tableau : ${title}`}
          columns={['Réponse', 'Réservations confirmées', 'Venus', 'Taux de venue']}
        >
          {rows.map((r) => (
            <tr key={r.answer}>
              <th scope="row" className={`${td} text-left font-medium text-gray-900`}>
                {answerLabel(r)}
                {r.prefilled && (
                  <>
                    {' '}
                    <span className="font-normal whitespace-nowrap text-gray-600">
                      (pré-rempli)
                    </span>
                  </>
                )}
              </th>
              <td className={td}>{n(r.reserved)}</td>
              <td className={td}>{n(r.came)}</td>
              <td className={td}>
                {rateText(attendanceRate(r.came, r.reserved))}
                <AttendanceBar row={r} max={max} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

/** Confirmed places and entries overall: every confirmed place answered the first question. */
function Totals({ rows }: { rows: AttendanceRow[] }) {
  const first = rows.filter((r) => r.question === 'heardFrom');
  const reserved = first.reduce((sum, r) => sum + r.reserved, 0);
  const came = first.reduce((sum, r) => sum + r.came, 0);
  const figures = [
    { label: 'Réservations confirmées', value: n(reserved) },
    { label: 'Venus', value: n(came) },
    { label: 'Taux de venue', value: rateText(attendanceRate(came, reserved)) },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      {figures.map((f) => (
        <div key={f.label} className={card}>
          <dt className="text-sm font-medium text-gray-600">{f.label}</dt>
          <dd className="mt-1 text-3xl font-bold text-gray-900">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * "Présence" (admins and readers): the reservation survey crossed with who actually came
 * (attendance_report), per answer: confirmed places, entries and the rate. What the sponsor
 * pays for; the CSV is the same table for a spreadsheet.
 */
export default function AttendancePage() {
  const report = useQuery(attendanceReportQuery());
  const rows = report.data ?? [];
  // The door's side (issue 31): entries per door and the double entries recorded offline.
  const doorCount = useQuery(doorCountAdminQuery());
  const doubles = useQuery(doubleEntriesQuery());
  // A door account past a lane's pace (docs/decisions/036-door-admits-what-it-scanned.md).
  const laneAlerts = useQuery(laneAlertsQuery());

  const onExport = async () => {
    try {
      downloadFile(attendanceFileName(), attendanceCsv(rows), CSV_MIME);
      await logExport('presence_night_party', {}, rows.length);
      notify.success('Données exportées avec succès');
    } catch (e) {
      console.error('Attendance export failed', e);
      notify.error("Erreur lors de l'exportation des données");
    }
  };

  const hasReservations = rows.some((r) => r.reserved > 0);
  return (
    <div className="space-y-6">
      <ListHeader
        title={
          <>
            Présence · Booster Night Party <EditionYear of="concert" />
          </>
        }
        summary=""
      >
        <ExportButton onExport={onExport} disabled={!report.data} />
      </ListHeader>
      <p className="text-gray-700">
        Les réponses au questionnaire de réservation croisées avec les entrées validées à la porte.
        Seules les places confirmées comptent (ni la liste d’attente, ni les annulations). Cinq
        questions arrivent avec une réponse déjà cochée : pour chacune, le nombre de réponses
        laissées telles quelles dit quelle part du chiffre vient du formulaire.
      </p>
      <QueryStatus query={report} loadingText="Chargement de la présence…" />
      {laneAlerts.data && <LaneAlerts rows={laneAlerts.data} />}
      {report.data && <Totals rows={rows} />}
      {doorCount.data && <PerDoorEntries doors={doorCount.data.perDoor} />}
      {doubles.data && <DoubleEntries rows={doubles.data} />}
      {report.data && !hasReservations && (
        <EmptyState>Aucune réservation confirmée pour le moment</EmptyState>
      )}
      {report.data &&
        ATTENDANCE_QUESTIONS.map((q) => (
          <QuestionTable
            key={q.key}
            title={q.title}
            question={q.question}
            rows={rows.filter((r) => r.question === q.key)}
          />
        ))}
    </div>
  );
}
