// Renders the illustrations of the marketing pages from the SVG drawings beside this script's output
// (src/pages/public/<page>/images/<name>.svg, and src/islands/images/ for those inside an island) to WebP at the two widths the pages ask for: a phone
// (375 px wide, 2x screens) and a desktop column. Run after editing a drawing:
//   node --import tsx apps/web/scripts/render-page-images.ts
// sharp comes with the server workspace; the web build itself never runs this.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const PAGES = path.resolve(import.meta.dirname, '../src/pages/public');
const ISLAND_IMAGES = path.resolve(import.meta.dirname, '../src/islands/images');
/** Rendered widths; the pages' srcset lists the same two. */
const WIDTHS = [480, 960] as const;
const BUDGET_BYTES = 30 * 1024;

async function findDrawings(): Promise<string[]> {
  const drawings: string[] = [];
  const folders = [...(await readdir(PAGES)).map((page) => path.join(PAGES, page, 'images')), ISLAND_IMAGES];
  for (const folder of folders) {
    const files = await readdir(folder).catch(() => [] as string[]);
    drawings.push(...files.filter((file) => file.endsWith('.svg')).map((file) => path.join(folder, file)));
  }
  return drawings;
}

async function renderDrawing(file: string): Promise<void> {
  const svg = await readFile(file);
  for (const width of WIDTHS) {
    const output = file.replace(/\.svg$/, `-${width}.webp`);
    await sharp(svg, { density: 144 }).resize({ width }).webp({ quality: 80, effort: 6 }).toFile(output);
    const { size } = await stat(output);
    const flag = size > BUDGET_BYTES ? '  over budget' : '';
    console.log(`${path.relative(PAGES, output)}  ${(size / 1024).toFixed(1)} KB${flag}`);
  }
}

for (const drawing of await findDrawings()) await renderDrawing(drawing);
