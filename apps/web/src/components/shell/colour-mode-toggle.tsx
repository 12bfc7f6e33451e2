import { ActionIcon, Box } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/**
 * Switches light ↔ dark (the page's script does it: app/shell-behaviour.ts) and remembers the choice.
 * Both icons render; the colour mode's CSS hides one.
 */
export function ColourModeToggle() {
  return (
    <ActionIcon variant="default" size="lg" aria-label="Toggle colour mode" data-colour-toggle>
      <Box component="span" darkHidden lh={0}>
        <IconMoon size={20} stroke={1.6} aria-hidden />
      </Box>
      <Box component="span" lightHidden lh={0}>
        <IconSun size={20} stroke={1.6} aria-hidden />
      </Box>
    </ActionIcon>
  );
}
