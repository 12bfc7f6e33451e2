import { ActionIcon, Box, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** The button both toggles show. Both icons render; the colour mode's CSS hides one. */
function ColourModeButton(props: { onClick?: () => void; 'data-colour-toggle'?: true }) {
  return (
    <ActionIcon variant="default" size="lg" aria-label="Toggle colour mode" {...props}>
      <Box component="span" darkHidden lh={0}>
        <IconMoon size={20} stroke={1.6} aria-hidden />
      </Box>
      <Box component="span" lightHidden lh={0}>
        <IconSun size={20} stroke={1.6} aria-hidden />
      </Box>
    </ActionIcon>
  );
}

/**
 * The public pages' toggle: their header is the server's HTML and runs no React, so the page's script
 * (app/shell-behaviour.ts) binds every `data-colour-toggle` and remembers the choice.
 */
export function ColourModeToggle() {
  return <ColourModeButton data-colour-toggle />;
}

/**
 * The console's toggle: the console is a React app, so Mantine switches the mode and its manager
 * remembers it (lib/theme.ts), under the key public/color-scheme.js reads before the first paint. It
 * carries no `data-colour-toggle`: a click is handled once, by React only.
 */
export function ConsoleColourModeToggle() {
  const { toggleColorScheme } = useMantineColorScheme();
  return <ColourModeButton onClick={toggleColorScheme} />;
}
