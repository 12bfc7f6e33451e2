import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY } from '../../lib/colour-scheme-key.ts';
import { colorSchemeManager, theme } from '../../lib/theme.ts';
import { ColourModeToggle, ConsoleColourModeToggle } from './colour-mode-toggle.tsx';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

function renderInProvider(ui: React.ReactElement) {
  return render(
    <MantineProvider theme={theme} defaultColorScheme="light" colorSchemeManager={colorSchemeManager}>
      {ui}
    </MantineProvider>,
  );
}

afterEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('colour mode toggles', () => {
  it("switches the console's mode through Mantine and remembers it, with no hook for the public script", () => {
    renderInProvider(<ConsoleColourModeToggle />);
    const button = screen.getByRole('button', { name: 'Toggle colour mode' });
    expect(button.hasAttribute('data-colour-toggle')).toBe(false);
    expect(scheme()).toBe('light');
    fireEvent.click(button);
    expect(scheme()).toBe('dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    fireEvent.click(button);
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('light');
  });

  it("leaves the public toggle to the page's script: React does nothing on its click", () => {
    renderInProvider(<ColourModeToggle />);
    const button = screen.getByRole('button', { name: 'Toggle colour mode' });
    expect(button.hasAttribute('data-colour-toggle')).toBe(true);
    fireEvent.click(button);
    expect(scheme()).toBe('light');
    expect(window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();
  });
});
