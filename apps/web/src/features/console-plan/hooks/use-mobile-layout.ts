import { useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * True below Mantine's `md` breakpoint, where console screens switch to their mobile layouts (SPEC §2).
 * The console renders only in the browser, so the query is read on the first render: no desktop flash.
 */
export function useMobileLayout(): boolean {
  const { breakpoints } = useMantineTheme();
  const desktop = useMediaQuery(`(min-width: ${breakpoints.md})`, undefined, { getInitialValueInEffect: false });
  return !desktop;
}
