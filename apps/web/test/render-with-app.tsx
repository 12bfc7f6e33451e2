import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers } from '../src/app/providers.tsx';
import { createQueryClient } from '../src/lib/query-client.ts';

/** Renders `ui` inside the app's providers and a memory router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/' } = {}) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}
