// What the proof of delivery's tests send: its route, a signature as a canvas exports it, the form.
import sharp from 'sharp';

export const PROOF_ROUTE = '/api/admin/proof-of-delivery';

/** A signature as a canvas exports it: black strokes on a transparent PNG. */
export async function signaturePng(width = 300, height = 120): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 80 C 60 10, 120 110, 290 30" stroke="black" stroke-width="3" fill="none"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export function proofForm(
  fields: Record<string, string>,
  files: { photo?: Buffer; signature?: Buffer; extra?: [string, Buffer] } = {},
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (files.photo) form.append('photo', new Blob([new Uint8Array(files.photo)], { type: 'image/jpeg' }), 'photo.jpg');
  if (files.signature) {
    form.append('signature', new Blob([new Uint8Array(files.signature)], { type: 'image/png' }), 'signature.png');
  }
  if (files.extra) form.append(files.extra[0], new Blob([new Uint8Array(files.extra[1])]), 'extra.bin');
  return form;
}
