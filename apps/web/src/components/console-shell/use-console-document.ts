import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { pickPageMeta } from '../../lib/page-meta.ts';

/**
 * Keeps <title> in step with the deepest console route's `handle.title`, and marks <html> once the
 * console is interactive (the same marker the public shell sets, which browser tests wait for).
 */
export function useConsoleDocument(): void {
  const { title } = pickPageMeta(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    document.documentElement.setAttribute('data-waybill-ready', '');
  }, []);
}
