import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DeferredSection,
  deferSection,
  preloadDeferredSections,
  whenDeferredSectionsHydrated,
} from './deferred-section.tsx';

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  );
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('DeferredSection', () => {
  it('renders in full once preloaded (the prerender), then hydrates the server HTML when its module arrives', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let loads = 0;
    const section = deferSection('counter', async () => {
      loads += 1;
      await gate;
      return Counter;
    });
    const page = (
      <main>
        <h1>Page</h1>
        <DeferredSection deferred={section} />
      </main>
    );

    // The prerender: every deferred module is resolved before rendering, so the HTML is complete.
    const preloading = preloadDeferredSections();
    release();
    await preloading;
    const html = renderToString(page);
    expect(html).toContain('data-deferred="counter"');
    expect(html).toContain('Clicked <!-- -->0<!-- --> times');

    // The browser: a fresh module state (as on a page load) that has not loaded the section yet.
    section.loaded = undefined;
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, 'error');
    vi.useFakeTimers();
    await act(async () => {
      hydrateRoot(container, page, { onRecoverableError: (error) => console.error(error) });
    });
    // Before the module loads, the server HTML stays as it was.
    expect(screen.getByRole('button').textContent).toBe('Clicked 0 times');
    let hydrated = false;
    void whenDeferredSectionsHydrated().then(() => {
      hydrated = true;
    });
    expect(hydrated).toBe(false);

    // Idle time (no requestIdleCallback in jsdom: a timer) loads and hydrates it.
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    vi.useRealTimers();
    await act(async () => {
      await whenDeferredSectionsHydrated();
    });
    expect(hydrated).toBe(true);
    expect(loads).toBeGreaterThanOrEqual(1);
    fireEvent.click(screen.getByRole('button'));
    expect(screen.getByRole('button').textContent).toBe('Clicked 1 times');
    expect(errors).not.toHaveBeenCalled();
  });
});
