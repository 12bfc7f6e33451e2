import type { MantineStyleProp } from '@mantine/core';

const DANGER_TEXT = 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-4))';

/**
 * Red outline buttons (Reject, Delete Entire Package) readable in both modes: Mantine's red outline is
 * 4.4:1 on white and about 2.5:1 on the dark background; red 9 / red 4 keep both above 4.5:1.
 */
export const dangerOutlineStyle: MantineStyleProp = {
  '--button-color': DANGER_TEXT,
  '--button-bd': `1px solid ${DANGER_TEXT}`,
};
