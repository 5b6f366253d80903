/**
 * Writes a readable export's .xlsx off the main thread (see readable-export.ts): exceljs is
 * bundled into this worker, which exists only once "Exporter pour Excel" is clicked.
 */
import ExcelJS from 'exceljs';
import type { Sheet } from './sheet';
import { writeXlsx, type XlsxResponse } from './readable-export-xlsx';

self.onmessage = async ({ data }: MessageEvent<Sheet[]>) => {
  let response: XlsxResponse;
  try {
    response = { buffer: await writeXlsx(ExcelJS, data) };
  } catch (error) {
    response = { error: error instanceof Error ? error.message : String(error) };
  }
  if ('buffer' in response) self.postMessage(response, { transfer: [response.buffer] });
  else self.postMessage(response);
};
