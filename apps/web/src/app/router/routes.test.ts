import { PRERENDERED_PATHS } from '@waybill/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findPageSources, publicRoutes } from './routes.tsx';

const pagePaths = (publicRoutes[0]?.children ?? []).map((route) => (route.index ? '/' : `/${route.path}`));

describe('the public route table and the prerendered pages', () => {
  it('renders each prerendered path with its own page module, never the not-found page', () => {
    for (const pathname of PRERENDERED_PATHS) {
      const matched = matchRoutes(publicRoutes, pathname)?.at(-1)?.route;
      expect(matched?.path, pathname).not.toBe('*');
      expect(findPageSources(pathname), pathname).toEqual([
        expect.stringMatching(/^src\/pages\/public\/[a-z-]+\/index\.tsx$/),
      ]);
    }
  });

  it('prerenders every public page without a parameter', () => {
    const fixed = pagePaths.filter((pathname) => !pathname.includes(':') && pathname !== '/*');
    expect([...fixed].sort()).toEqual([...PRERENDERED_PATHS].sort());
  });
});
