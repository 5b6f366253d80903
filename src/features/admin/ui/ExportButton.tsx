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
 * export) or busy, it stays in the Tab order, announced as unavailable (Button's aria-disabled):
 * a list that refreshes after a search or a deletion keeps the focus on it (issue 15).
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
      disabled={disabled}
    >
      {label}
    </Button>
  );
}
