import type { PackageAnswer, PackageFormValues } from '@waybill/domain';
import sharp from 'sharp';
import type { TestApp } from './test-app.ts';

let sequence = 0;

/** Valid ship-form fields; each call gives distinct names and e-mails. */
export function packageFields(overrides: Partial<Record<keyof PackageFormValues, string>> = {}) {
  sequence += 1;
  return {
    name: `Ada Shipper ${sequence}`,
    email: `ada${sequence}@example.com`,
    phone: `+1 555 010 ${String(sequence).padStart(4, '0')}`,
    pickupLocation: '12 Dock Street, Oakland',
    rname: `Grace Receiver ${sequence}`,
    remail: `grace${sequence}@example.org`,
    rphone: `+44 20 7946 ${String(sequence).padStart(4, '0')}`,
    destination: '1 Market Square, London',
    description: 'Two books and a scarf',
    quantity: '2',
    weight: '1.5',
    dimensionUnit: 'cm',
    length: '30',
    width: '20',
    height: '10',
    ...overrides,
  };
}

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart body as the ship form sends it. */
export function packageForm(fields: Record<string, string> = packageFields(), files: UploadFile[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) {
    form.append('packageImages', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/png' }), file.name);
  }
  return form;
}

/** A real image of the given format and size. */
export async function imageBytes(
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
  size = { width: 64, height: 48 },
): Promise<Buffer> {
  return sharp({ create: { ...size, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .toFormat(format)
    .toBuffer();
}

/** Submits a package over HTTP as a customer and returns its tracking code. */
export async function submitPackage(
  testApp: TestApp,
  fields: Record<string, string> = packageFields(),
  files: UploadFile[] = [],
): Promise<string> {
  const response = await testApp.client().request('POST', '/api/submit-package', { form: packageForm(fields, files) });
  if (response.status !== 201) throw new Error(`submit failed: ${response.status} ${response.text}`);
  return response.body.trackingCode as string;
}

/** Submits and accepts a package; returns the accepted package. */
export async function acceptedPackage(testApp: TestApp, operator: Awaited<ReturnType<TestApp['operator']>>) {
  const trackingCode = await submitPackage(testApp);
  const response = await operator.post<PackageAnswer>('/api/admin/accept', { trackingCode });
  if (response.status !== 200) throw new Error(`accept failed: ${response.status} ${response.text}`);
  return response.body;
}
