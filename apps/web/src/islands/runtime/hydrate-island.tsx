// The React side of a public page, loaded with the first island that wakes: hydrates one island in its
// own root, and mounts the page's one toast container the first time.
import { type ComponentType, type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ToastContainer } from '../../components/toasts/toast-container.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { IslandRoot } from './island-root.tsx';

// One cache for every island of the page, so two islands reading the same answer share it.
const queryClient = createQueryClient();
let toastsMounted = false;

/** The toast container (SPEC §8 toasts), once per page, outside every island. */
function mountToasts(): void {
  if (toastsMounted) return;
  toastsMounted = true;
  const container = document.createElement('div');
  container.dataset.toasts = '';
  document.body.append(container);
  createRoot(container).render(
    <IslandRoot queryClient={queryClient}>
      <ToastContainer />
    </IslandRoot>,
  );
}

/** Calls `onHydrated` once its island's first commit is done (its effects run after every child's). */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/** Hydrates `element` (rendered on the server by <Island>) with `component`; resolves once it has committed. */
export function hydrateIsland(element: HTMLElement, component: unknown, props: object, prefix: string): Promise<void> {
  mountToasts();
  const Component = component as ComponentType<object>;
  return new Promise((resolve) => {
    // As a transition, the hydration is done in slices that let the browser answer input and paint
    // between them, instead of one long task (the shipping form takes hundreds of milliseconds on a
    // slow phone). An event on the island meanwhile hydrates it at once and is handled.
    startTransition(() => {
      hydrateRoot(
        element,
        <IslandRoot queryClient={queryClient}>
          <Hydrated onHydrated={resolve}>
            <Component {...props} />
          </Hydrated>
        </IslandRoot>,
        { identifierPrefix: prefix },
      );
    });
  });
}
