import type { ParticipantStatus } from '@/data/participants/types';
import { STATUS_BADGES, STATUS_LABELS } from './status-labels';

/** A participant's contest status, as a coloured pill with its word (colour is never alone). */
export function StatusBadge({ status }: { status: ParticipantStatus }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap @max-3xs:max-w-full @max-3xs:whitespace-normal @max-3xs:wrap-anywhere ${STATUS_BADGES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
