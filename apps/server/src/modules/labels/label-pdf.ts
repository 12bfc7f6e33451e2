import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LabelSize } from '@waybill/domain';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';

/** What one label prints, already in words (the service decides the texts). */
export interface LabelContent {
  trackingCode: string;
  trackingUrl: string;
  companyName: string;
  sender: { name: string; phone: string; address: string };
  receiver: { name: string; phone: string; address: string };
  quantity: string;
  weight: string;
  dimensions: string;
  acceptedOn: string;
}

export interface RenderedLabels {
  document: PDFKit.PDFDocument;
  /** True when some character had no glyph in any font here and printed as "?" (the label says so). */
  missingCharacters: boolean;
}

// The standard thermal label, 4 × 6 inches, in points; an A4 sheet takes four of them scaled to a quarter.
const LABEL_WIDTH = 288;
const LABEL_HEIGHT = 432;
const A4 = { width: 595.28, height: 841.89 };
/** White paper kept around an A4 sheet's ink, cut lines included: 10 mm, inside any office printer's reach. */
const A4_MARGIN = (10 / 25.4) * 72;
const MARGIN = 12;
const CONTENT_WIDTH = LABEL_WIDTH - 2 * MARGIN;

// Code 128 bars 1.4 pt a module: a 12-character code is 167 modules, 234 pt, which leaves 27 pt (19
// modules) of white each side on a 4x6 label, above the 10 modules scanners need. 0.49 mm modules are
// about 4 dots of a 203 dpi printer and still wide enough for a phone at a low resolution.
const BAR_MODULE = 1.4;
const BAR_HEIGHT = 64;
const BAR_QUIET_MODULES = 10;
const QR_SIZE = 74;
const QR_QUIET_MODULES = 4;

/** Characters Helvetica and the other standard PDF fonts draw (WinAnsi); pdfkit mangles the rest silently. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(character);
}

// A Unicode font for names in Cyrillic, Greek, accented Latin beyond WinAnsi…: DejaVu Sans from the
// dejavu-fonts-ttf package, so a label prints the same on any machine or container, whatever fonts its
// system has. The files are read once; pdfkit embeds only the glyphs a document uses.
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
let unicodeFont: { regular: Buffer; bold: Buffer } | undefined;
function loadUnicodeFont(): { regular: Buffer; bold: Buffer } {
  unicodeFont ??= {
    regular: readFileSync(fontFile('DejaVuSans.ttf')),
    bold: readFileSync(fontFile('DejaVuSans-Bold.ttf')),
  };
  return unicodeFont;
}

type Weight = 'regular' | 'bold';
const STANDARD = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
const UNICODE = { regular: 'Label-Unicode', bold: 'Label-Unicode-Bold' } as const;

/** pdfkit's font object of the current font: the fontkit font of an embedded one answers glyph questions. */
function hasGlyph(doc: PDFKit.PDFDocument, codePoint: number): boolean {
  const font = (doc as unknown as { _font?: { font?: { hasGlyphForCodePoint?(code: number): boolean } } })._font?.font;
  return font?.hasGlyphForCodePoint?.(codePoint) ?? true;
}

/** Draws text, picking a font that can draw it; characters no font here has become "?". */
export class LabelWriter {
  missingCharacters = false;
  private readonly unicode = loadUnicodeFont();

  constructor(readonly doc: PDFKit.PDFDocument) {
    doc.registerFont(UNICODE.regular, this.unicode.regular);
    doc.registerFont(UNICODE.bold, this.unicode.bold);
  }

  /** Selects the font for `text` and returns what to draw (whitespace runs, line breaks included, as one space). */
  prepare(text: string, weight: Weight, size: number): string {
    const clean = text.split(/\s+/).join(' ').trim();
    const characters = [...clean];
    if (characters.every(isWinAnsi)) {
      this.doc.font(STANDARD[weight]).fontSize(size);
      return this.replaceMissing(characters, isWinAnsi);
    }
    this.doc.font(UNICODE[weight]).fontSize(size);
    return this.replaceMissing(characters, (character) => hasGlyph(this.doc, character.codePointAt(0)!));
  }

  private replaceMissing(characters: string[], drawable: (character: string) => boolean): string {
    return characters
      .map((character) => {
        if (drawable(character)) return character;
        this.missingCharacters = true;
        return '?';
      })
      .join('');
  }

  /** Text in a box of `lines` lines at most; what does not fit ends in an ellipsis. */
  text(
    text: string,
    x: number,
    y: number,
    options: { width: number; size: number; weight?: Weight; lines?: number; align?: 'left' | 'right' | 'center' },
  ): number {
    const drawn = this.prepare(text, options.weight ?? 'regular', options.size);
    const lineHeight = this.doc.currentLineHeight(true);
    const height = lineHeight * (options.lines ?? 1);
    this.doc.text(drawn || '—', x, y, {
      width: options.width,
      height,
      ellipsis: true,
      align: options.align ?? 'left',
      lineGap: 0,
    });
    return Math.min(this.doc.y, y + height) - y;
  }

  caption(text: string, x: number, y: number, width = CONTENT_WIDTH): void {
    this.doc.font(STANDARD.bold).fontSize(7).text(text, x, y, { width, lineBreak: false, characterSpacing: 0.6 });
  }
}

function rule(doc: PDFKit.PDFDocument, y: number, weight = 1, right = LABEL_WIDTH - MARGIN): void {
  doc.moveTo(MARGIN, y).lineTo(right, y).lineWidth(weight).strokeColor('black').stroke();
}

/**
 * Fills rectangles given in module units, scaled by `scaleX` × `scaleY` from (x, y): one path of
 * short integer operands written straight into the page, which is several times quicker than a
 * call per rectangle for the hundreds a QR code has.
 */
function fillModules(
  doc: PDFKit.PDFDocument,
  rectangles: string[],
  at: { x: number; y: number; scaleX: number; scaleY: number },
): void {
  doc.save();
  doc.transform(at.scaleX, 0, 0, at.scaleY, at.x, at.y);
  doc.addContent(`${rectangles.join('\n')}\nf`);
  doc.restore();
}

/** Where a Code 128 goes: centred across `width` from `x`, `height` tall, bars at most `module` wide. */
export interface BarcodeBox {
  x: number;
  width: number;
  height: number;
  module: number;
}

const LABEL_BARCODE: BarcodeBox = { x: MARGIN, width: CONTENT_WIDTH, height: BAR_HEIGHT, module: BAR_MODULE };

/**
 * Code 128 as vector bars (crisp at any printer resolution), centred across the box from `y`; the
 * label's own box unless told otherwise.
 */
export function drawCode128(doc: PDFKit.PDFDocument, text: string, y: number, box: BarcodeBox = LABEL_BARCODE): void {
  const [symbol] = bwipjs.raw({ bcid: 'code128', text }) as unknown as [{ sbs: number[] }];
  const modules = symbol.sbs.reduce((sum, width) => sum + width, 0);
  // A long code shrinks its bars rather than eat into the quiet zones.
  const module = Math.min(box.module, box.width / (modules + 2 * BAR_QUIET_MODULES));
  const bars: string[] = [];
  let x = 0;
  symbol.sbs.forEach((width, index) => {
    if (index % 2 === 0) bars.push(`${x} 0 ${width} 1 re`);
    x += width;
  });
  fillModules(doc, bars, { x: box.x + (box.width - modules * module) / 2, y, scaleX: module, scaleY: box.height });
}

/**
 * A QR code of the text as vector squares, dark modules merged into runs per row. Error correction
 * M; the mask is fixed because BWIPP's search for the best of the eight took about 40 ms a code,
 * most of the time of a label, and any mask decodes (checked with zbar at 96 and 203 dpi).
 */
function drawQrCode(doc: PDFKit.PDFDocument, text: string, x: number, y: number): void {
  const [symbol] = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M', mask: 3 } as never) as unknown as [
    { pixs: number[]; pixx: number; pixy: number },
  ];
  const runs: string[] = [];
  for (let row = 0; row < symbol.pixy; row++) {
    let column = 0;
    while (column < symbol.pixx) {
      if (symbol.pixs[row * symbol.pixx + column] !== 1) {
        column++;
        continue;
      }
      const start = column;
      while (column < symbol.pixx && symbol.pixs[row * symbol.pixx + column] === 1) column++;
      // A hair taller than a module so rows leave no white seam when rasterised.
      runs.push(`${start} ${row} ${column - start} 1.02 re`);
    }
  }
  const module = QR_SIZE / symbol.pixx;
  fillModules(doc, runs, { x, y, scaleX: module, scaleY: module });
}

/** One label, drawn in a 288 × 432 pt box at the current origin. */
function drawLabel(writer: LabelWriter, label: LabelContent): void {
  const { doc } = writer;
  doc.fillColor('black');

  writer.text(label.companyName, MARGIN, MARGIN, { width: 170, size: 13, weight: 'bold' });
  writer.caption('ACCEPTED', MARGIN + 180, MARGIN - 1, CONTENT_WIDTH - 180);
  writer.text(label.acceptedOn, MARGIN + 180, MARGIN + 7, { width: CONTENT_WIDTH - 180, size: 10, weight: 'bold' });
  rule(doc, 34, 1.5);

  writer.caption('FROM', MARGIN, 40);
  let y = 49;
  y += writer.text(label.sender.name, MARGIN, y, { width: CONTENT_WIDTH, size: 10, weight: 'bold' }) + 1;
  y += writer.text(label.sender.phone, MARGIN, y, { width: CONTENT_WIDTH, size: 9 });
  writer.text(label.sender.address, MARGIN, y, { width: CONTENT_WIDTH, size: 9, lines: 2 });
  rule(doc, 96);

  writer.caption('TO', MARGIN, 102);
  y = 112;
  y += writer.text(label.receiver.name, MARGIN, y, { width: CONTENT_WIDTH, size: 14, weight: 'bold' }) + 2;
  y += writer.text(label.receiver.phone, MARGIN, y, { width: CONTENT_WIDTH, size: 11 });
  writer.text(label.receiver.address, MARGIN, y, { width: CONTENT_WIDTH, size: 11, lines: 3 });
  rule(doc, 192);

  const columns = [
    ['QTY', label.quantity, 44],
    ['WEIGHT', label.weight, 80],
    ['DIMENSIONS', label.dimensions, CONTENT_WIDTH - 124],
  ] as const;
  let x = MARGIN;
  for (const [caption, value, width] of columns) {
    writer.caption(caption, x, 198, width);
    writer.text(value, x, 208, { width: width - 4, size: 11, weight: 'bold' });
    x += width;
  }
  rule(doc, 226);

  drawCode128(doc, label.trackingCode, 236);
  writer.text(label.trackingCode, MARGIN, 304, { width: CONTENT_WIDTH, size: 24, weight: 'bold', align: 'center' });

  const qrX = LABEL_WIDTH - MARGIN - QR_SIZE;
  const qrY = LABEL_HEIGHT - MARGIN - QR_SIZE;
  // Text and rule keep clear of the QR code's quiet zone: 4 modules, 14 pt for the smallest code.
  const qrQuiet = (QR_SIZE / 21) * QR_QUIET_MODULES;
  const textWidth = qrX - MARGIN - qrQuiet;
  rule(doc, 336, 1, MARGIN + textWidth);
  drawQrCode(doc, label.trackingUrl, qrX, qrY);
  writer.caption('TRACK THIS PACKAGE', MARGIN, qrY + 4, textWidth);
  writer.text(label.trackingUrl, MARGIN, qrY + 16, { width: textWidth, size: 9, lines: 3 });
  if (writer.missingCharacters) {
    writer.text('"?" marks characters this label could not print.', MARGIN, qrY + 54, { width: textWidth, size: 7 });
  }
}

/**
 * The labels as one PDF, drawn entirely before it is returned, so a failure is an ordinary error
 * rather than a broken download; the caller streams `document` into the reply.
 */
export function renderLabels(labels: LabelContent[], size: LabelSize, title: string): RenderedLabels {
  const document = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title }, compress: true });
  const writer = new LabelWriter(document);
  const perPage = size === 'a4' ? 4 : 1;
  labels.forEach((label, index) => {
    const slot = index % perPage;
    if (slot === 0) {
      if (size === 'a4') {
        document.addPage({ size: 'A4', margin: 0 });
        drawCutLines(document);
      } else {
        document.addPage({ size: [LABEL_WIDTH, LABEL_HEIGHT], margin: 0 });
      }
    }
    const missingBefore = writer.missingCharacters;
    writer.missingCharacters = false;
    document.save();
    if (size === 'a4') placeInQuarter(document, slot);
    drawLabel(writer, label);
    document.restore();
    writer.missingCharacters ||= missingBefore;
  });
  document.end();
  return { document, missingCharacters: writer.missingCharacters };
}

/**
 * Moves the origin to quarter `slot` (0 top left … 3 bottom right) of the sheet inside its 10 mm margin
 * and scales a 4x6 label into it.
 */
function placeInQuarter(doc: PDFKit.PDFDocument, slot: number): void {
  const quarter = { width: (A4.width - 2 * A4_MARGIN) / 2, height: (A4.height - 2 * A4_MARGIN) / 2 };
  const scale = Math.min(quarter.width / LABEL_WIDTH, quarter.height / LABEL_HEIGHT);
  const left = A4_MARGIN + (slot % 2) * quarter.width + (quarter.width - LABEL_WIDTH * scale) / 2;
  const top = A4_MARGIN + Math.floor(slot / 2) * quarter.height + (quarter.height - LABEL_HEIGHT * scale) / 2;
  doc.translate(left, top).scale(scale);
}

/** Dashed lines between the four labels, within the sheet's margin. */
function drawCutLines(doc: PDFKit.PDFDocument): void {
  doc.save().lineWidth(0.3).strokeColor('#999999').dash(3, { space: 3 });
  doc
    .moveTo(A4.width / 2, A4_MARGIN)
    .lineTo(A4.width / 2, A4.height - A4_MARGIN)
    .stroke();
  doc
    .moveTo(A4_MARGIN, A4.height / 2)
    .lineTo(A4.width - A4_MARGIN, A4.height / 2)
    .stroke();
  doc.undash().restore();
}
