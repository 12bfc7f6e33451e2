import { type CSSVariablesResolver, createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { COLOR_SCHEME_STORAGE_KEY } from './colour-scheme-key.ts';

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 (#1971c2) keeps white button text and blue links on white at 5:1 (shade 7 is only 4.2:1);
  // autoContrast picks dark text on light shades such as the yellow hero button. Its threshold is
  // lowered from 0.3 to 0.19 (relative luminance): white text on the shade-8 teal, cyan, green and
  // orange of the status badges is only 3.5–4.4:1, dark text on them 4.8–6.1:1; blue 8 and red 8 keep
  // white text at 5.0:1 and 4.5:1.
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.19,
  // System fonts only: no web font download, no layout shift.
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '800' },
  defaultRadius: 'md',
  components: {
    // Dialogs' close buttons need an accessible name too (axe: button-name). Plain objects, not
    // Modal.extend(), so the theme does not pull the dialog (or toast) components into every page's
    // first load.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    // Every toast's close button needs an accessible name (axe: button-name).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Mantine draws a toast's message in a fixed grey below 4.5:1; the theme's dimmed colour passes.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
  },
});

/** Mantine's light "dimmed" grey falls below 4.5:1 on white; a darker grey keeps secondary text readable. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  // Field error text and borders: Mantine's red falls below 4.5:1 on white and on the dark body.
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});
