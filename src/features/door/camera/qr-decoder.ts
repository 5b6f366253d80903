// The polyfill's ZXing WebAssembly, served from our own origin (never a CDN): Vite copies it
// into the build's assets and gives its URL. This module is loaded only when the camera opens.
// package.json pins zxing-wasm to the version barcode-detector depends on: one copy, whose .wasm
// matches the polyfill's JavaScript.
import zxingWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/** What the door needs of a BarcodeDetector: the text of the QR codes in an image or video. */
export type QrDetector = {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string }[]>;
};

type DetectorClass = {
  new (options: { formats: string[] }): QrDetector;
  getSupportedFormats(): Promise<string[]>;
};

/** The browser's own BarcodeDetector when it reads QR codes (Chrome on Android, Safari…). */
async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? new Native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/**
 * The QR decoder of the door's camera: the native BarcodeDetector when the browser has one that
 * reads QR codes, otherwise the `barcode-detector` polyfill (ZXing compiled to WebAssembly),
 * downloaded now, with its .wasm from our origin. Rejects when the polyfill cannot load
 * (offline): a later call tries again.
 */
export async function createQrDetector(): Promise<QrDetector> {
  const native = await nativeDetector();
  if (native) return native;
  const { BarcodeDetector, prepareZXingModule, purgeZXingModule } =
    await import('barcode-detector/ponyfill');
  try {
    await prepareZXingModule({
      overrides: {
        locateFile: (path: string, prefix: string) =>
          path.endsWith('.wasm') ? zxingWasmUrl : prefix + path,
      },
      fireImmediately: true,
    });
  } catch (error) {
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: ['qr_code'] });
}
