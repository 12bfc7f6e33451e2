/** What the scanner needs of a BarcodeDetector, native or the WebAssembly one. */
export interface CodeDetector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}

/** Shipping labels carry the code as Code 128 and a QR code of its tracking page. */
const FORMATS = ['code_128', 'qr_code'];

interface NativeDetectorClass {
  new (options: { formats: string[] }): CodeDetector;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's BarcodeDetector when it reads both formats (Chrome on Android, Safari 17+), else the
 * zxing WebAssembly polyfill, loaded only now. Its .wasm comes from our own origin (the CSP allows no
 * other), as a build asset, instead of the CDN the package points to by default.
 */
export async function loadCodeDetector(): Promise<CodeDetector> {
  const native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (FORMATS.every((format) => supported.includes(format))) return new native({ formats: FORMATS });
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  await prepareZXingModule({
    overrides: { locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? wasmUrl : prefix + file) },
    // Compile now, so a decoder that cannot load fails here, where the page can say so.
    fireImmediately: true,
  });
  return new BarcodeDetector({ formats: ['code_128', 'qr_code'] as const });
}
