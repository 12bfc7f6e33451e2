import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

// A stand-in for the web build's page renderer: it writes back what the server asked it to render, and
// counts its renders, so the tests read what a page was rendered with and when it was rendered again.
const RENDERER = `
let renders = 0;
export function createPageRenderer(assets) {
  return {
    render(request) {
      renders += 1;
      const found = ['/', '/0', '/pricing', '/track', '/create'].includes(request.path) || request.path.startsWith('/track/');
      const body = JSON.stringify({ renders, assets, request });
      const html = '<!doctype html><html><head><title>' + request.path + '</title></head><body>' +
        body.replace(/</g, '\\\\u003c') + '</body></html>';
      return { status: found ? 200 : 404, html };
    },
  };
}
`;

/** A small stand-in for the web build, laid out as apps/web/dist is, with a page renderer that writes back what it was asked. */
export async function writeTestWebBuild(root: string): Promise<void> {
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await mkdir(path.join(root, '.ssr'), { recursive: true });
  await writeFile(path.join(root, '.ssr/render-page.mjs'), RENDERER);
  await writeFile(path.join(root, '.ssr/assets.json'), JSON.stringify({ script: '/assets/public-abc123.js' }));
  await writeFile(
    path.join(root, 'console.html'),
    '<!doctype html><html><head><title>Console</title></head><body></body></html>',
  );
  await writeFile(
    path.join(root, 'account.html'),
    '<!doctype html><html><head><title>Business account</title></head><body></body></html>',
  );
  await writeFile(
    path.join(root, 'driver.html'),
    '<!doctype html><html><head><title>Driver app</title></head><body></body></html>',
  );
  const script = 'console.log("waybill");'.repeat(50);
  await writeFile(path.join(root, 'assets/index-abc123.js'), script);
  await writeFile(path.join(root, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  await writeFile(path.join(root, 'assets/index-abc123.js.gz'), gzipSync(script));
  // The scan page's barcode decoder: a WebAssembly module's first bytes.
  const wasm = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(2000)]);
  await writeFile(path.join(root, 'assets/zxing_reader-abc123.wasm'), wasm);
  await writeFile(path.join(root, 'assets/zxing_reader-abc123.wasm.br'), brotliCompressSync(wasm));
  await writeFile(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The driver app's service worker, as the build leaves it at the root.
  await writeFile(path.join(root, 'driver-sw.js'), 'self.addEventListener("fetch", () => {});');
}
