import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useHydrated } from './use-hydrated.ts';

function Shows() {
  return <p>{useHydrated() ? 'in the browser' : 'prerendered'}</p>;
}

describe('useHydrated', () => {
  it('is false in prerendered HTML and while hydrating it (no mismatch), then true', async () => {
    const html = renderToString(<Shows />);
    expect(html).toBe('<p>prerendered</p>');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Shows />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('in the browser');
    container.remove();
  });
});
