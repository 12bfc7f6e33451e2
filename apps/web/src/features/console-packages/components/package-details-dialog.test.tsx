import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE, PACKAGE_ANSWER } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageDetailsDialog } from './package-details-dialog.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** Opens the dialog, asks to delete and confirms, against a server whose DELETE answers `refusal`. */
async function deleteAgainst(refusal: () => Response): Promise<HTMLElement> {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init?: RequestInit) =>
      init?.method === 'DELETE' ? refusal() : Response.json(PACKAGE_ANSWER),
    ),
  );
  const user = userEvent.setup();
  renderForTest(<PackageDetailsDialog pkg={PACKAGE} onClose={() => {}} />);
  await user.click(await screen.findByRole('button', { name: 'Delete Entire Package' }));
  await user.click(await screen.findByRole('button', { name: 'Delete Package' }));
  const title = await screen.findByText('Deletion Failed', {}, { timeout: 5000 });
  return title.closest('[role="alert"]') as HTMLElement;
}

describe('PackageDetailsDialog when the delete fails', () => {
  it("shows Deletion Failed with the server's message", async () => {
    const toast = await deleteAgainst(() => Response.json({ message: 'Package not found' }, { status: 404 }));
    expect(within(toast).getByText('Package not found')).toBeTruthy();
  });

  it('shows the client message for an answer without a JSON message, never a blank toast', async () => {
    const toast = await deleteAgainst(() => Response.json({ message: '' }, { status: 502 }));
    expect(within(toast).getByText('Request failed with status code 502')).toBeTruthy();
  });
});
