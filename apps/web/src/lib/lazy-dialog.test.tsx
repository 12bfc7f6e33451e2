import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dialogModule, LazyDialog } from './lazy-dialog.tsx';

interface NoteProps {
  opened: boolean;
  text: string;
}

/** Each render of the dialog below, with whether it was open. */
const renders: boolean[] = [];

function Note({ opened, text }: NoteProps) {
  renders.push(opened);
  return opened ? <div role="dialog">{text}</div> : null;
}

/** The dialog as its module gives it, loaded afresh for each test. */
function noteModule() {
  renders.length = 0;
  const load = vi.fn(async () => ({ default: Note }));
  return { module: dialogModule<NoteProps>(load), load };
}

function Host({ module, opened }: { module: ReturnType<typeof noteModule>['module']; opened: boolean }) {
  return <LazyDialog module={module} open={opened} props={{ opened, text: 'A note' }} />;
}

describe('LazyDialog', () => {
  it('renders nothing until first open, then its dialog, which stays mounted once closed', async () => {
    const { module } = noteModule();
    const { rerender } = render(<Host module={module} opened={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(renders).toEqual([]);

    rerender(<Host module={module} opened />);
    expect((await screen.findByRole('dialog')).textContent).toBe('A note');
    rerender(<Host module={module} opened={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(renders.at(-1)).toBe(false);
  });

  it('fetches its module once the page is idle, opened or not', async () => {
    const { module, load } = noteModule();
    render(<Host module={module} opened={false} />);
    await waitFor(() => expect(load).toHaveBeenCalled(), { timeout: 4_000 });
    expect(renders).toEqual([]);
  });
});
