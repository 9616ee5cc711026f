import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm';

/** What the scanner needs of a detector: the browser's BarcodeDetector, or the same API over ZXing's WebAssembly. */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** The symbols a job ticket carries (an EAN-13, or its digits as Code 128). */
const FORMATS = ['ean_13', 'code_128'];

/**
 * The browser's own detector where it reads our formats; elsewhere the polyfill, whose WebAssembly
 * comes from our own origin (copied into the build), never from a CDN: the CSP allows no other.
 */
export async function createDetector(): Promise<CodeDetector> {
  const Native = (window as { BarcodeDetector?: { new (options: { formats: string[] }): CodeDetector; getSupportedFormats(): Promise<string[]> } }).BarcodeDetector;
  if (Native) {
    const supported = await Native.getSupportedFormats();
    if (FORMATS.every((format) => supported.includes(format))) return new Native({ formats: FORMATS });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } });
  return new BarcodeDetector({ formats: FORMATS as ('ean_13' | 'code_128')[] });
}
