import { useState } from 'react';
import { Button } from '@/components/ui/Button';

type ExportButtonProps = {
  /** Runs the export (it reports success or failure itself). */
  onExport: () => Promise<void>;
  disabled?: boolean;
  label?: string;
};

/** An export button that reads "Exportation..." and stays disabled while the export runs. */
export function ExportButton({ onExport, disabled, label = 'Exporter CSV' }: ExportButtonProps) {
  const [exporting, setExporting] = useState(false);
  const run = async () => {
    setExporting(true);
    try {
      await onExport();
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button variant="secondary" onClick={run} disabled={disabled || exporting}>
      {exporting ? 'Exportation...' : label}
    </Button>
  );
}
