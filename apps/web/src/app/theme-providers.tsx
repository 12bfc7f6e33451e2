import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { colorSchemeManager, cssVariablesResolver, theme } from '../lib/theme.ts';

export interface ThemeProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * The theme with its remembered colour mode, and the data cache: what every React page of the app sits
 * in. Each page brings its own share of Mantine's stylesheet (providers.tsx the whole, driver.css the
 * driver app's).
 */
export function ThemeProviders({ queryClient, children }: ThemeProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
