import { downloadFile } from '@/lib/download';
import { notify } from '@/lib/toast';
import { logExport, type ExportFilters, type ExportName } from '@/data/journal/audit';

/**
 * One export of the administration: a file of every row matching a list's filters. Each domain
 * describes its own (src/data/participants/participants-csv.ts, the workbooks of
 * participants/participant-exports.ts…); this runs any of them the same way.
 */
export type FileExport<T> = {
  /** The journal's name of the file (log_export). */
  what: ExportName;
  fileName: string;
  mime: string;
  filters: ExportFilters;
  fetchRows: () => Promise<T[]>;
  build: (rows: T[]) => string | Blob | Promise<string | Blob>;
  /** The toast when nothing matches. */
  none: string;
};

const EXPORT_ERROR = "Erreur lors de l'exportation des données";

/**
 * Fetches the rows, builds and downloads the file, records it in the journal (log_export), and
 * says how it went.
 */
export async function runExport<T>(e: FileExport<T>): Promise<void> {
  try {
    const rows = await e.fetchRows();
    if (rows.length === 0) {
      notify.error(e.none);
      return;
    }
    downloadFile(e.fileName, await e.build(rows), e.mime);
    await logExport(e.what, e.filters, rows.length);
    notify.success('Données exportées avec succès');
  } catch (error) {
    console.error(`Export failed (${e.what})`, error);
    notify.error(EXPORT_ERROR);
  }
}
