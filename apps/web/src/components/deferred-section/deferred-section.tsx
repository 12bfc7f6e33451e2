import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';

// A below-the-fold section whose code is not part of the page's first load. The prerendered HTML still
// holds it in full (the prerender resolves every deferred module before rendering); in the browser its
// Suspense boundary keeps that server HTML as is until the module arrives (React hydrates it then), so
// there is no mismatch and no layout shift. The module loads when the browser is idle after hydration,
// or earlier when the section comes near the viewport.

const preloads: (() => Promise<unknown>)[] = [];
const pending = new Set<string>();
let settle: (() => void) | undefined;
let settled: Promise<void> | undefined;

/** Loads every deferred module: the prerender calls it so the HTML holds the whole page. */
export async function preloadDeferredSections(): Promise<void> {
  await Promise.all(preloads.map((preload) => preload()));
}

/** Resolves once every deferred section rendered so far has loaded and hydrated (at once when none). */
export function whenDeferredSectionsHydrated(): Promise<void> {
  if (pending.size === 0) return Promise.resolve();
  settled ??= new Promise((resolve) => {
    settle = resolve;
  });
  return settled;
}

function markHydrated(name: string) {
  pending.delete(name);
  if (pending.size === 0 && settle) {
    settle();
    settle = undefined;
    settled = undefined;
  }
}

/** Idle time after hydration, or the section near the viewport, whichever comes first. */
function whenWanted(name: string): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const element = document.querySelector(`[data-deferred="${name}"]`);
    const observer =
      element && 'IntersectionObserver' in window
        ? new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && done(), {
            rootMargin: '400px 0px',
          })
        : undefined;
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => done(), { timeout: 3000 })
      : window.setTimeout(() => done(), 1500);
    function done() {
      observer?.disconnect();
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
      resolve();
    }
    if (element && observer) observer.observe(element);
  });
}

export interface DeferredModule {
  name: string;
  loaded: ComponentType | undefined;
  preload(): Promise<ComponentType>;
  Lazy: LazyExoticComponent<ComponentType<{ deferred: DeferredModule }>>;
}

function HydratedSection({ deferred }: { deferred: DeferredModule }) {
  useEffect(() => markHydrated(deferred.name), [deferred]);
  const Section = deferred.loaded!;
  return <Section />;
}

/** Declares a deferred section: `load` resolves to its component; `name` must be unique on the page. */
export function deferSection(name: string, load: () => Promise<ComponentType>): DeferredModule {
  const deferred: DeferredModule = {
    name,
    loaded: undefined,
    async preload() {
      deferred.loaded ??= await load();
      return deferred.loaded;
    },
    Lazy: lazy(async () => {
      await whenWanted(name);
      await deferred.preload();
      return { default: HydratedSection };
    }),
  };
  preloads.push(deferred.preload);
  return deferred;
}

/** Renders a deferred section: in full once loaded (and in the prerender), else the server HTML kept as is. */
export function DeferredSection({ deferred }: { deferred: DeferredModule }) {
  if (typeof window !== 'undefined' && !deferred.loaded) pending.add(deferred.name);
  const { Lazy } = deferred;
  return (
    <div data-deferred={deferred.name}>
      <Suspense fallback={null}>
        {deferred.loaded ? <HydratedSection deferred={deferred} /> : <Lazy deferred={deferred} />}
      </Suspense>
    </div>
  );
}
