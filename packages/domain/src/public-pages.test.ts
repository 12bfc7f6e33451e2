import { describe, expect, it } from 'vitest';
import { PRERENDERED_PATHS, prerenderedFile } from './public-pages.ts';

describe('prerenderedFile', () => {
  it('puts home at the root and every other page in its own folder, each file once', () => {
    expect(prerenderedFile('/')).toBe('index.html');
    expect(prerenderedFile('/request-account')).toBe('request-account/index.html');
    const files = PRERENDERED_PATHS.map(prerenderedFile);
    expect(new Set(files).size).toBe(PRERENDERED_PATHS.length);
    for (const file of files) expect(file).toMatch(/^([a-z0-9-]+\/)?index\.html$/);
  });
});
