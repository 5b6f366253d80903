import { useId } from 'react';
import {
  ATTENDANCE_BARRIER_LABELS,
  ATTENDANCE_STATUS_LABELS,
  HEARD_FROM_LABELS,
  SURVEY_QUESTIONS,
  YES_NO_LABELS,
} from '@/config/reservation-survey';
import type { ReservationSummary as Summary } from '@/data/reservations/reservation-summary';
import { card } from '../ui/classes';

function SummaryList<K extends string>({
  title,
  counts,
  labels,
}: {
  title: string;
  counts: Record<K, number>;
  labels: Record<K, string>;
}) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id}>
      <h3 id={id} className="mb-2 text-sm font-semibold text-gray-900">
        {title}
      </h3>
      <dl className="space-y-1">
        {(Object.keys(labels) as K[]).map((k) => (
          <div
            key={k}
            className="flex flex-wrap justify-between gap-x-2 rounded bg-gray-50 px-2 py-1 text-sm wrap-anywhere"
          >
            <dt className="text-gray-700">{labels[k]}</dt>
            <dd className="font-semibold text-gray-900">{counts[k]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The survey's answers over every reservation (reservation_summary, SQL), per question. */
/** The survey's questions in the order the form asks them, with their answers' labels. */
const QUESTIONS = [
  ['attendanceStatus', ATTENDANCE_STATUS_LABELS],
  ['heardFrom', HEARD_FROM_LABELS],
  ['willAttend', YES_NO_LABELS],
  ['attendanceBarrier', ATTENDANCE_BARRIER_LABELS],
  ['followsBoosterPage', YES_NO_LABELS],
  ['consumesBoosterProducts', YES_NO_LABELS],
] as const satisfies readonly (readonly [keyof typeof SURVEY_QUESTIONS, Record<string, string>])[];

export function ReservationSummary({ summary }: { summary: Summary }) {
  return (
    <section className={`${card} @container`} aria-labelledby="summary-title">
      <h2 id="summary-title" className="mb-4 text-lg font-semibold text-gray-900">
        Résumé des {summary.total} réservation{summary.total > 1 ? 's' : ''}
      </h2>
      <div className="grid grid-cols-1 gap-4 @lg:grid-cols-2 @4xl:grid-cols-3">
        {QUESTIONS.map(([key, labels]) => (
          <SummaryList<string>
            key={key}
            title={SURVEY_QUESTIONS[key]}
            counts={summary[key]}
            labels={labels}
          />
        ))}
      </div>
    </section>
  );
}
