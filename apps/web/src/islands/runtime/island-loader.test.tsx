import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client.ts';
import { hydrateIsland } from './hydrate-island.tsx';
import { type IslandLoaders, startIslands } from './island-loader.ts';
import { IslandRoot } from './island-root.tsx';

afterEach(() => {
  document.body.innerHTML = '';
});

const sent = vi.fn<(values: { name: string; note: string; agreed: boolean }) => void>();

/**
 * A form as islands have them: a controlled field, a field whose library resets it when it registers
 * it (as react-hook-form does with its default), a text area that sends on Enter, a checkbox.
 */
function Probe({ greeting }: { greeting: string }) {
  const [name, setName] = useState('');
  const [note, setNote] = useState('');
  const [agreed, setAgreed] = useState(false);
  const send = () => sent({ name, note, agreed });
  return (
    <form
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        send();
      }}
    >
      <p>{greeting}</p>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />
      <textarea
        aria-label="Note"
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        onKeyDown={(event: KeyboardEvent) => {
          if (event.key !== 'Enter' || event.shiftKey) return;
          event.preventDefault();
          send();
        }}
      />
      <input
        type="checkbox"
        aria-label="Agreed"
        checked={agreed}
        onChange={(event) => setAgreed(event.currentTarget.checked)}
      />
      <input
        aria-label="Reset on register"
        defaultValue=""
        ref={(node) => {
          if (node) node.value = '';
        }}
      />
      <a href="#elsewhere">Elsewhere</a>
      <button type="submit">Send</button>
    </form>
  );
}

/** The server's HTML of the probe island, as <Island> writes it, and a loader that can be made to fail. */
function serverRender(props = { greeting: 'Hello' }) {
  const html = renderToString(
    <IslandRoot queryClient={createQueryClient()}>
      <Probe {...props} />
    </IslandRoot>,
    { identifierPrefix: 'i1-' },
  );
  document.body.innerHTML = `<div data-island="probe" data-island-prefix="i1-" data-island-props='${JSON.stringify(props)}'>${html}</div>`;
  const load = vi.fn(async () => ({ default: Probe }));
  const loaders: IslandLoaders = { probe: load };
  const hydrate = vi.fn(async () => hydrateIsland);
  return { loaders, load, hydrate };
}

const field = (label: string) => document.querySelector<HTMLInputElement>(`[aria-label="${label}"]`)!;
/** Types as a browser does before any script handles it: the value changes, an input event fires. */
function typeNatively(element: HTMLInputElement | HTMLTextAreaElement, text: string) {
  element.value = text;
  element.dispatchEvent(new Event('input', { bubbles: true }));
}
const woken = (hydrate: ReturnType<typeof vi.fn>) => vi.waitFor(() => expect(hydrate).toHaveBeenCalled());

describe('islands waking on use', () => {
  it('stays asleep, loading nothing, until used', async () => {
    const { loaders, load, hydrate } = serverRender();
    await startIslands(loaders, hydrate);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(load).not.toHaveBeenCalled();
    expect(hydrate).not.toHaveBeenCalled();
  });

  it('gives the island what was typed before it woke, and replays the held click that sends it', async () => {
    sent.mockClear();
    const { loaders, hydrate } = serverRender();
    await startIslands(loaders, hydrate);
    typeNatively(field('Name'), 'Ada Obi');
    typeNatively(field('Reset on register'), 'kept');
    field('Agreed').checked = true;
    field('Agreed').dispatchEvent(new Event('change', { bubbles: true }));
    // The click's default (submitting the form) is held, not done by the browser.
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await woken(hydrate);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith({ name: 'Ada Obi', note: '', agreed: true }));
    expect(sent).toHaveBeenCalledTimes(1);
    // A field its library reset when it registered gets the typed text back.
    expect(field('Reset on register').value).toBe('kept');
    expect(field('Name').value).toBe('Ada Obi');
  });

  it('holds Enter in a text area and sends with the text typed before it', async () => {
    sent.mockClear();
    const { loaders, hydrate } = serverRender();
    await startIslands(loaders, hydrate);
    const note = field('Note') as unknown as HTMLTextAreaElement;
    typeNatively(note, 'WB123');
    const enter = new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    note.dispatchEvent(enter);
    // No new line: Enter is the island's to handle.
    expect(enter.defaultPrevented).toBe(true);
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith({ name: '', note: 'WB123', agreed: false }));
  });

  it('leaves clicks on links alone, and hydrates with the props the server wrote', async () => {
    const { loaders, hydrate } = serverRender({ greeting: 'Welcome back' });
    await startIslands(loaders, hydrate);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    field('Name').dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    await woken(hydrate);
    await vi.waitFor(() => expect(field('Name').value).toBe(''));
    expect(document.body.textContent).toContain('Welcome back');
  });

  it('wakes at once when the server asks, and tries again on the next use when loading failed', async () => {
    const { loaders, load, hydrate } = serverRender();
    document.querySelector<HTMLElement>('[data-island]')!.dataset.islandWake = 'load';
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    load.mockRejectedValueOnce(new Error('chunk lost'));
    await startIslands(loaders, hydrate);
    expect(load).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    sent.mockClear();
    typeNatively(field('Name'), 'Kofi');
    document.querySelector('button')!.click();
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith({ name: 'Kofi', note: '', agreed: false }));
    expect(load).toHaveBeenCalledTimes(2);
  });
});
