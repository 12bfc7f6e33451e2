import { describe, expect, it } from 'vitest';
import { readConsoleBase } from './console-base.ts';

function documentWith(head: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head><body></body></html>`, 'text/html');
}

describe('readConsoleBase', () => {
  it('is undefined on public pages', () => {
    expect(readConsoleBase(documentWith('<title>Home</title>'))).toBeUndefined();
  });

  it('reads the prefix the server inserted, without a trailing slash', () => {
    expect(readConsoleBase(documentWith('<meta name="waybill-console-base" content="/ops-9f4c2e">'))).toBe(
      '/ops-9f4c2e',
    );
    expect(readConsoleBase(documentWith('<meta name="waybill-console-base" content="/ops/">'))).toBe('/ops');
  });
});
