import PDFDocument from 'pdfkit';
import { drawCode128, LabelWriter } from './label-pdf.ts';

/** One stop as the sheet prints it, already in words. */
export interface RunSheetStop {
  position: number;
  trackingCode: string;
  receiverName: string;
  receiverPhone: string;
  destination: string;
  /** What the driver should know at the door; printed under `notesCaption`. */
  notes: string;
}

/** What a run sheet prints: the driver's day, stop by stop, in the order they drive it. */
export interface RunSheetContent {
  companyName: string;
  driverName: string;
  date: string;
  /** The caption of each stop's notes, saying where they come from. */
  notesCaption: string;
  stops: RunSheetStop[];
}

const A4 = { width: 595.28, height: 841.89 };
/** 15 mm around the ink: inside any office printer's reach, and room for a staple. */
const MARGIN = (15 / 25.4) * 72;
const CONTENT_WIDTH = A4.width - 2 * MARGIN;
const NUMBER_WIDTH = 34;
const BARCODE_WIDTH = 220;
const TEXT_WIDTH = CONTENT_WIDTH - NUMBER_WIDTH - BARCODE_WIDTH - 12;
const TEXT_X = MARGIN + NUMBER_WIDTH;
const BARCODE_X = A4.width - MARGIN - BARCODE_WIDTH;
/** The room one stop takes: the tallest of its text (name, phone, three lines of address, two of notes). */
const STOP_HEIGHT = 118;
// A module of 1.2 pt (0.42 mm) is 5 dots of a 300 dpi office printer: a 12-character code with its
// quiet zones fits the 220 pt column, and a phone or a handheld scanner reads it off the paper.
const BARCODE = { x: BARCODE_X, width: BARCODE_WIDTH, height: 46, module: 1.2 };

function header(writer: LabelWriter, content: RunSheetContent, page: number): number {
  const { doc } = writer;
  doc.fillColor('black');
  if (page === 1) {
    writer.text('Run sheet', MARGIN, MARGIN, { width: CONTENT_WIDTH * 0.6, size: 22, weight: 'bold' });
    writer.text(content.companyName, MARGIN + CONTENT_WIDTH * 0.6, MARGIN + 6, {
      width: CONTENT_WIDTH * 0.4,
      size: 11,
      weight: 'bold',
      align: 'right',
    });
    writer.caption('DRIVER', MARGIN, MARGIN + 36, 200);
    writer.text(content.driverName, MARGIN, MARGIN + 46, { width: CONTENT_WIDTH - 200, size: 14, weight: 'bold' });
    writer.caption('DATE', MARGIN + CONTENT_WIDTH - 190, MARGIN + 36, 190);
    writer.text(content.date, MARGIN + CONTENT_WIDTH - 190, MARGIN + 46, { width: 190, size: 14, weight: 'bold' });
    const count = content.stops.length === 1 ? '1 stop' : `${content.stops.length} stops`;
    writer.text(count, MARGIN, MARGIN + 66, { width: CONTENT_WIDTH, size: 10 });
    rule(doc, MARGIN + 84, 1.5);
    return MARGIN + 92;
  }
  writer.text(`Run sheet · ${content.driverName} · ${content.date} · page ${page}`, MARGIN, MARGIN, {
    width: CONTENT_WIDTH,
    size: 9,
  });
  rule(doc, MARGIN + 16, 1);
  return MARGIN + 24;
}

function rule(doc: PDFKit.PDFDocument, y: number, weight: number): void {
  doc
    .moveTo(MARGIN, y)
    .lineTo(A4.width - MARGIN, y)
    .lineWidth(weight)
    .strokeColor('black')
    .stroke();
}

function drawStop(writer: LabelWriter, stop: RunSheetStop, notesCaption: string, top: number): void {
  writer.text(String(stop.position), MARGIN, top, { width: NUMBER_WIDTH - 6, size: 18, weight: 'bold' });
  let y = top;
  y += writer.text(stop.receiverName, TEXT_X, y, { width: TEXT_WIDTH, size: 12, weight: 'bold' }) + 2;
  y += writer.text(stop.receiverPhone, TEXT_X, y, { width: TEXT_WIDTH, size: 10 }) + 2;
  y += writer.text(stop.destination, TEXT_X, y, { width: TEXT_WIDTH, size: 10, lines: 3 }) + 6;
  writer.caption(notesCaption, TEXT_X, y, TEXT_WIDTH);
  writer.text(stop.notes, TEXT_X, y + 10, { width: TEXT_WIDTH, size: 9, lines: 2 });

  drawCode128(writer.doc, stop.trackingCode, top + 2, BARCODE);
  writer.text(stop.trackingCode, BARCODE_X, top + 52, {
    width: BARCODE_WIDTH,
    size: 12,
    weight: 'bold',
    align: 'center',
  });
}

/**
 * A driver's run as an A4 portrait sheet: a heading with the driver and the day, then each stop in
 * order with its receiver, address, phone, notes and the Code 128 of its tracking code, as many to a
 * page as fit. Drawn entirely before it is returned, like the labels.
 */
export function renderRunSheet(content: RunSheetContent, title: string) {
  const document = new PDFDocument({ autoFirstPage: false, margin: 0, info: { Title: title }, compress: true });
  const writer = new LabelWriter(document);
  let page = 1;
  document.addPage({ size: 'A4', margin: 0 });
  let y = header(writer, content, page);
  if (content.stops.length === 0) {
    writer.text('No stops on this run.', MARGIN, y + 8, { width: CONTENT_WIDTH, size: 12 });
  }
  for (const stop of content.stops) {
    if (y + STOP_HEIGHT > A4.height - MARGIN) {
      page += 1;
      document.addPage({ size: 'A4', margin: 0 });
      y = header(writer, content, page);
    }
    drawStop(writer, stop, content.notesCaption, y + 8);
    y += STOP_HEIGHT;
    document
      .moveTo(MARGIN, y)
      .lineTo(A4.width - MARGIN, y)
      .lineWidth(0.5)
      .strokeColor('#777777')
      .stroke();
  }
  if (writer.missingCharacters) {
    writer.text('"?" marks characters this sheet could not print.', MARGIN, A4.height - MARGIN + 8, {
      width: CONTENT_WIDTH,
      size: 7,
    });
  }
  document.end();
  return { document, missingCharacters: writer.missingCharacters };
}
