import { card } from './classes';

type StatCardProps = {
  label: string;
  value: string | number;
  detail?: string;
  /** The value and detail as one sentence for a screen reader ("54 sur 1 650 places"). */
  spoken?: string;
};

/** One figure of the dashboard or the stats page (a <dt>/<dd> pair: render it inside a <dl>). */
export function StatCard({ label, value, detail, spoken }: StatCardProps) {
  return (
    <div className={card}>
      <dt className="text-sm font-medium text-gray-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-gray-900">
        <span aria-hidden={spoken ? true : undefined}>
          {value}
          {detail && <span className="ml-2 text-base font-medium text-gray-700">{detail}</span>}
        </span>
        {spoken && <span className="sr-only">{spoken}</span>}
      </dd>
    </div>
  );
}
