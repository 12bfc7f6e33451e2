import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Switches light ↔ dark; Mantine remembers the choice in localStorage. Both icons render, CSS hides one. */
export function ColourModeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle colour mode"
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      <Box component="span" darkHidden lh={0}>
        <IconMoon size={20} stroke={1.6} aria-hidden />
      </Box>
      <Box component="span" lightHidden lh={0}>
        <IconSun size={20} stroke={1.6} aria-hidden />
      </Box>
    </ActionIcon>
  );
}
