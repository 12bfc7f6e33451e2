import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { packagesLoadedAtStart, staticImportsOf } from './start-imports.ts';

const REPO = path.resolve(import.meta.dirname, '../../..');

/**
 * The packages a start need not load: the PDF and barcode drawing (labels and run sheets, in their
 * worker), the S3 client (most installations keep photos on disk), the image library (the first photo),
 * the password checker's dictionaries (in their worker) and the text providers' SDK and number rules.
 */
const LOADED_ON_FIRST_USE = [
  'pdfkit',
  'bwip-js',
  'dejavu-fonts-ttf',
  '@aws-sdk/client-s3',
  'sharp',
  '@zxcvbn-ts/core',
  '@zxcvbn-ts/language-common',
  '@zxcvbn-ts/language-en',
  'twilio',
  'libphonenumber-js',
];

describe('what the server loads at its start', () => {
  const temp: string[] = [];
  afterAll(() => Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true }))));

  it('leaves the PDF, barcode, S3, image, password-dictionary and text packages to their first use', async () => {
    const loaded = await packagesLoadedAtStart(REPO, 'apps/server/src/server.ts');
    // The walk reaches the app: a start without these would not be a start.
    expect([...loaded]).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'pino']));
    expect(LOADED_ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
  });

  it('reads static imports and re-exports, not type-only or dynamic ones', () => {
    const text = [
      "import type { A } from 'only-types';",
      "import fastify, { type B } from 'fastify';",
      "import {\n  c,\n  type D,\n} from './c.ts';",
      "export { e } from '@scope/e/deep';",
      "export type { F } from 'f-types';",
      "import './side-effect.ts';",
      "const g = await import('sharp');",
      "export const h = 'not an import';",
      "export * from './i.ts';",
    ].join('\n');
    expect(staticImportsOf(text)).toEqual(['fastify', './c.ts', '@scope/e/deep', './side-effect.ts', './i.ts']);
  });

  it('finds a heavy package reached through the workspace, and not one behind import()', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'waybill-start-imports-'));
    temp.push(root);
    const files: Record<string, string> = {
      'apps/server/src/server.ts': "import { app } from './app.ts';\nimport { rule } from '@waybill/domain';",
      'apps/server/src/app.ts': "import { label } from './labels.ts';\nexport const app = () => import('./s3.ts');",
      'apps/server/src/labels.ts': "import PDFDocument from 'pdfkit';\nimport { x } from 'node:fs';",
      'apps/server/src/s3.ts': "import { S3Client } from '@aws-sdk/client-s3';",
      'packages/domain/src/index.ts': "export { z } from 'zod';",
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    expect([...(await packagesLoadedAtStart(root, 'apps/server/src/server.ts'))].sort()).toEqual(['pdfkit', 'zod']);
  });
});
