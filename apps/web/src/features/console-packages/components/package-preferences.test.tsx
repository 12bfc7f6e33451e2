import { screen, within } from '@testing-library/react';
import type { DeliveryPreferences } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PackagePreferences } from './package-preferences.tsx';

afterEach(() => vi.unstubAllGlobals());

const CODE = 'WB7K2M9QX4TP';

const CHOSEN: DeliveryPreferences = {
  instructions: 'Gate code 4412.\nRing twice.',
  safePlace: { kind: 'neighbour', neighbourName: 'Mrs Adu', neighbourHouse: 'No. 14' },
  safePlaceWords: 'Leave with a neighbour: Mrs Adu, No. 14',
  setBy: 'recipient',
  setAt: '2026-11-26T15:10:00.000Z',
  deliveryDay: null,
  deliveryDays: [],
};

function serve(answer: () => Response) {
  const fetch = vi.fn(async (_path: string) => answer());
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('Delivery choices in the package details', () => {
  it('shows the safe place as the driver reads it, the instructions with their line break, and who set them', async () => {
    const fetch = serve(() => Response.json(CHOSEN));
    renderForTest(<PackagePreferences trackingCode={CODE} />);
    const section = await screen.findByRole('region', { name: 'Delivery choices' });
    expect(fetch.mock.calls[0]?.[0]).toBe(`/api/admin/packages/${CODE}/preferences`);
    expect(within(section).getByText('Leave with a neighbour: Mrs Adu, No. 14')).toBeTruthy();
    const instructions = within(section).getByText(/Gate code 4412\./);
    expect(instructions.textContent).toBe('Gate code 4412.\nRing twice.');
    expect(within(section).getByText(/Set by the recipient on the tracking page/).textContent).toContain(
      formatDateTime(CHOSEN.setAt!),
    );
  });

  it('shows nothing while nothing was chosen, and says so when the choices cannot be read', async () => {
    serve(() =>
      Response.json({ instructions: '', safePlace: { kind: 'none' }, safePlaceWords: null, setBy: null, setAt: null }),
    );
    const { unmount } = renderForTest(<PackagePreferences trackingCode={CODE} />);
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('region', { name: 'Delivery choices' })).toBeNull();
    unmount();

    serve(() => Response.json({ message: 'Internal error' }, { status: 500 }));
    renderForTest(<PackagePreferences trackingCode={CODE} />);
    expect(await screen.findByText("The recipient's delivery choices could not be loaded.")).toBeTruthy();
  });
});
