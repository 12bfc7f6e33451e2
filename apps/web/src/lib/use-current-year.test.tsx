import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCurrentYear } from './use-current-year.ts';

function Year() {
  return <p>{useCurrentYear()}</p>;
}

afterEach(() => vi.useRealTimers());

describe('useCurrentYear', () => {
  it('renders the build year in prerendered HTML, hydrates without a mismatch in a later year, then shows it', async () => {
    const html = renderToString(<Year />);
    expect(html).toBe(`<p>${__BUILD_YEAR__}</p>`);

    // The same HTML, opened five years after the build.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${__BUILD_YEAR__ + 5}-03-01T12:00:00Z`));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Year />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe(String(__BUILD_YEAR__ + 5));
    container.remove();
  });
});
