import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useState } from 'react';

/** A dialog's module, loaded on demand: React's lazy() of it, and the loader to fetch it ahead. */
export interface DialogModule<P extends object> {
  Dialog: LazyExoticComponent<ComponentType<P>>;
  load: () => Promise<{ default: ComponentType<P> }>;
}

/** The dialog `load` brings, as a module to open with LazyDialog. */
export function dialogModule<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): DialogModule<P> {
  return { Dialog: lazy(load), load };
}

/** Waiting for an idle moment, at most this long, where the browser can tell (Safari cannot). */
const IDLE_TIMEOUT_MS = 5_000;
const NO_IDLE_DELAY_MS = 2_000;

/** Runs `task` once the page has loaded and the browser is idle; the returned function cancels it. */
function whenIdle(task: () => void): () => void {
  let cancel = () => {};
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(task, NO_IDLE_DELAY_MS);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') schedule();
  else {
    window.addEventListener('load', schedule, { once: true });
    cancel = () => window.removeEventListener('load', schedule);
  }
  return () => cancel();
}

/**
 * A dialog whose module is not part of the page's first load: it renders nothing until first open,
 * then its module's dialog, mounted for good so that it closes and opens again as the dialog it is.
 * The module is fetched once the page has loaded and the browser is idle, so a page kept open holds
 * every module it may need even if a newer build replaces the files meanwhile (the driver app's
 * service worker keeps only the newest build's).
 */
export function LazyDialog<P extends object>({
  module,
  open,
  props,
}: {
  module: DialogModule<P>;
  open: boolean;
  props: P;
}) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const { load, Dialog } = module;
  useEffect(() => whenIdle(() => void load().catch(() => undefined)), [load]);
  if (!opened && !open) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
