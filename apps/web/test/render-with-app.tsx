import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { createQueryClient, Providers } from '../src/app/providers.tsx';

/** Renders `ui` inside the app's providers and a memory router at `path`. */
export function renderWithApp(ui: ReactElement, { path = '/' } = {}) {
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </Providers>,
  );
}
