// Reads PDFs the way a person and a scanner would, with Debian's poppler-utils and zbar-tools
// (installed by scripts/ensure-test-tools.sh): page sizes, text, pages as PNG, and barcodes in them.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestClient } from './http-client.ts';

/** Where pictures of rendered documents are saved for a person to look at (ignored by git). */
export const TEST_RESULTS_DIR = path.resolve(import.meta.dirname, '../../test-results');

/** Fails with the install command when a tool is missing, rather than with ENOENT. */
export function requirePdfTools(): void {
  const missing = ['pdfinfo', 'pdftoppm', 'pdftotext', 'zbarimg'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (missing.length > 0) {
    throw new Error(`${missing.join(', ')} missing: run scripts/ensure-test-tools.sh (as root) first`);
  }
}

export interface BinaryAnswer {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The JSON body of an error answer. */
  json: { message?: string; errors?: Record<string, string> } | undefined;
}

/** A request from the client's session whose answer is read as bytes (a PDF), not text. */
export async function requestBytes(
  client: TestClient,
  method: 'GET' | 'POST',
  url: string,
  json?: unknown,
): Promise<BinaryAnswer> {
  if (method === 'POST' && !client.xsrfToken()) await client.get('/api/health');
  const headers: Record<string, string> = {};
  if (client.cookies.size > 0) headers.cookie = client.cookieHeader();
  if (method === 'POST') {
    headers['x-xsrf-token'] = client.xsrfToken() ?? '';
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(`${client.baseUrl}${url}`, {
    method,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    json: isJson ? JSON.parse(String(bytes)) : undefined,
  };
}

const pdfDirectories: string[] = [];

/** Writes a PDF to a fresh temporary file and returns its path (removePdfFiles removes it). */
export async function pdfFile(bytes: Buffer): Promise<string> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'waybill-pdf-'));
  pdfDirectories.push(directory);
  const file = path.join(directory, 'document.pdf');
  await writeFile(file, bytes);
  return file;
}

/** Removes every file pdfFile wrote so far: for the file's afterAll. */
export async function removePdfFiles(): Promise<void> {
  await Promise.all(pdfDirectories.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
}

/** Every page's size in points, as pdfinfo reads it. */
export function pageSizes(file: string): { width: number; height: number }[] {
  const info = execFileSync('pdfinfo', ['-f', '1', '-l', '100000', file], { encoding: 'utf8' });
  return info
    .split('\n')
    .filter((line) => line.startsWith('Page ') && line.includes(' size:'))
    .map((line) => {
      const [width, height] = line.split('size:')[1]!.trim().split(' x ').map(Number.parseFloat);
      return { width: width!, height: height! };
    });
}

/** The text of a page (or the whole document), as pdftotext extracts it. */
export function pdfText(file: string, page?: number): string {
  const range = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  return execFileSync('pdftotext', [...range, file, '-'], { encoding: 'utf8' });
}

/** The text of the whole document laid out as on the page (columns side by side on one line). */
export function pdfLayoutText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Renders one page to a PNG at `dpi`, into `directory`; returns the PNG's path. */
export async function pageToPng(file: string, page: number, dpi: number, directory: string, name: string) {
  await mkdir(directory, { recursive: true });
  const prefix = path.join(directory, name);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(dpi),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    file,
    prefix,
  ]);
  return `${prefix}.png`;
}

/** The barcodes zbarimg reads in a picture, as `TYPE:data` lines (e.g. `CODE-128:ABC`), sorted. */
export function readBarcodes(png: string): string[] {
  const result = spawnSync('zbarimg', ['-q', png], { encoding: 'utf8' });
  // zbarimg exits 4 when it finds nothing: that is an empty list, not a failure.
  if (result.status !== 0 && result.status !== 4) throw new Error(`zbarimg failed: ${result.stderr}`);
  return result.stdout
    .split('\n')
    .filter((line) => line !== '')
    .sort();
}

export interface InkBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** The box around every word of a page, in points from the page's top left, as pdftotext lays them out. */
export function textBox(file: string, page: number): InkBox {
  const html = execFileSync('pdftotext', ['-bbox-layout', '-f', String(page), '-l', String(page), file, '-'], {
    encoding: 'utf8',
  });
  const words = [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)"/g)].map(
    (match) => match.slice(1, 5).map(Number) as [number, number, number, number],
  );
  if (words.length === 0) throw new Error('no text on the page');
  return {
    left: Math.min(...words.map((word) => word[0])),
    top: Math.min(...words.map((word) => word[1])),
    right: Math.max(...words.map((word) => word[2])),
    bottom: Math.max(...words.map((word) => word[3])),
  };
}

/**
 * The box around every mark on a page (text, bars, lines: any pixel darker than near-white), in points
 * from the page's top left: the page drawn in grey at 72 dpi, one pixel a point.
 */
export function inkBox(file: string, page: number): InkBox {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '72', '-f', String(page), '-l', String(page), file]);
  // A binary PGM: "P5", width, height and the maximum value, each followed by white space, then the pixels.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const box = { left: width, top: height, right: 0, bottom: 0 };
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (pixels[y * width + x]! >= 240) continue;
      box.left = Math.min(box.left, x);
      box.top = Math.min(box.top, y);
      box.right = Math.max(box.right, x + 1);
      box.bottom = Math.max(box.bottom, y + 1);
    }
  }
  return box;
}
