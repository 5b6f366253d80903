import { useState } from 'react';
import { Button } from '@/components/ui/Button';

type ExportButtonProps = {
  /** Runs the export (it reports success or failure itself). */
  onExport: () => Promise<void>;
  /** Nothing to export (no row, or the data not loaded yet). */
  disabled?: boolean;
  label?: string;
};

/**
 * An export button that reads "Exportation…" while the export runs. Unavailable (nothing to
 * export) or busy, it is aria-disabled and ignores clicks, but never `disabled`: a list that
 * refreshes (after a search or a deletion) would otherwise disable the focused button and drop
 * the keyboard focus to <body> (issue 15). It stays in the Tab order, announced as unavailable.
 */
export function ExportButton({ onExport, disabled, label = 'Exporter CSV' }: ExportButtonProps) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    if (disabled) return;
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={run}
      busy={exporting}
      busyLabel="Exportation…"
      {...(disabled &&
        !exporting && { 'aria-disabled': true, className: 'cursor-not-allowed opacity-60' })}
    >
      {label}
    </Button>
  );
}
