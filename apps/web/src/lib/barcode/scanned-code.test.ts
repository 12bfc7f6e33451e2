import { describe, expect, it } from 'vitest';
import { readScannedCode } from './scanned-code.ts';

describe('readScannedCode', () => {
  it('reads a code as printed, typed in any case or with spaces around it', () => {
    expect(readScannedCode('ABCDEFGH2345')).toBe('ABCDEFGH2345');
    expect(readScannedCode('  abcdefgh2345 \n')).toBe('ABCDEFGH2345');
  });

  it("reduces a label's QR URL to its code, whatever the host, prefix, slash, query or fragment", () => {
    for (const url of [
      'https://waybill.example/track/ABCDEFGH2345',
      'http://127.0.0.1:3000/track/abcdefgh2345/',
      'https://couriers.example/waybill/track/ABCDEFGH2345?from=label#top',
      'HTTPS://WAYBILL.EXAMPLE/track/ABCDEFGH2345',
    ]) {
      expect(readScannedCode(url), url).toBe('ABCDEFGH2345');
    }
  });

  it('ignores what is not one of our codes: other barcodes, other URLs, look-alikes, wrong lengths', () => {
    for (const text of [
      '',
      '   ',
      '5012345678900',
      'ABCDEFGH234',
      'ABCDEFGH23456',
      'ABCDEFGH234O',
      'https://waybill.example/about',
      'https://waybill.example/track/',
      'https://waybill.example/track/NOT-A-CODE',
      'https://waybill.example/pricing/ABCDEFGH2345',
      'https://waybill.example/track/%E0%A4%A',
      'ftp://waybill.example/track/ABCDEFGH2345',
      'https://',
      `https://waybill.example/track/ABCDEFGH2345?${'x'.repeat(5000)}`,
    ]) {
      expect(readScannedCode(text), text.slice(0, 60)).toBeUndefined();
    }
  });
});
