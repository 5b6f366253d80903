import { writeXlsx, XLSX_MIME, type XlsxResponse } from './readable-export-xlsx';
import type { Sheet } from './sheet';

/**
 * "Exporter pour Excel": the list's rows (its filters and its order) in an .xlsx written by
 * exceljs, which is loaded on the first click only (in a worker, or its own chunk: never in a
 * first load). Each domain's export (participants/participant-exports.ts,
 * reservations/reservation-exports.ts) gives its sheets to writeWorkbook.
 */

export { XLSX_MIME };

/** The library's module, whichever way the bundler hands a CommonJS module over. */
async function loadExcel(): Promise<typeof import('exceljs')> {
  const mod: typeof import('exceljs') & { default?: typeof import('exceljs') } =
    await import('exceljs');
  return mod.default ?? mod;
}

/**
 * Writes the workbook in a Web Worker (tens of thousands of rows take seconds: the page must
 * stay responsive meanwhile); where there is no Worker (tests) or it fails, on this thread.
 */
function writeInWorker(sheets: readonly Sheet[]): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./readable-export.worker.ts', import.meta.url), {
      type: 'module',
      name: 'readable-export',
    });
    worker.onmessage = ({ data }: MessageEvent<XlsxResponse>) => {
      worker.terminate();
      if ('buffer' in data) resolve(data.buffer);
      else reject(new Error(data.error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message || 'readable-export worker failed'));
    };
    worker.postMessage(sheets);
  });
}

/** An .xlsx of `sheets` (see readable-export-xlsx.ts for its layout). */
export async function writeWorkbook(sheets: readonly Sheet[]): Promise<Blob> {
  let buffer: ArrayBuffer | undefined;
  if (typeof Worker !== 'undefined') {
    try {
      buffer = await writeInWorker(sheets);
    } catch (error) {
      console.warn('Excel export: the worker failed, writing on the page instead', error);
    }
  }
  buffer ??= await writeXlsx(await loadExcel(), sheets);
  return new Blob([buffer], { type: XLSX_MIME });
}
