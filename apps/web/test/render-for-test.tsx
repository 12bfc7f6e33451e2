import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../src/lib/query-client.ts';
import { theme } from '../src/lib/theme.ts';

// jsdom lays nothing out; Mantine's combobox scrolls the selected option into view when it opens.
Element.prototype.scrollIntoView ??= () => {};

/**
 * The app's theme, data cache and toasts in Mantine's test environment: without it jsdom's zero-sized
 * layout makes floating-ui report every dropdown as detached, and Mantine hides it.
 */
export function renderForTest(ui: ReactElement) {
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createQueryClient()}>
        <Notifications />
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
