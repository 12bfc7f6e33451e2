import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PACKAGE_ANSWER } from '../../../../test/package-fixture.ts';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { ScanView } from './scan-view.tsx';

const KNOWN = { ABCDEFGH2345: 'Shipped', BCDEFGHJ3456: 'Order Placed' } as Record<string, string>;
const UNKNOWN = 'ZZZZZZZZZZZZ';

/** What the view sent to the bulk route, in order. */
let bulkBodies: { action: string; trackingCodes: string[]; status?: string; location?: string }[];
/** The fake server's packages: code → status. */
let statuses: Record<string, string>;

beforeEach(() => {
  bulkBodies = [];
  statuses = { ...KNOWN };
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/admin/bulk') {
        const body = JSON.parse(String(init?.body));
        bulkBodies.push(body);
        // Slow enough for a second click to arrive while the first is in flight.
        await new Promise((resolve) => setTimeout(resolve, 50));
        return Response.json({
          results: body.trackingCodes.map((trackingCode: string) => {
            if (body.status) statuses[trackingCode] = body.status;
            return { trackingCode, ok: true, status: statuses[trackingCode] };
          }),
        });
      }
      // The list's search: a whole tracking code (any case) finds that package only.
      const q = new URL(url, 'http://x').searchParams.get('q')?.toUpperCase() ?? '';
      const status = statuses[q];
      const items = status ? [{ ...PACKAGE_ANSWER, trackingCode: q, status }] : [];
      return Response.json(items, { headers: { 'X-Total-Count': String(items.length) } });
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

async function type(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(screen.getByRole('textbox', { name: 'Tracking code' }), `${text}{Enter}`);
}

const list = () => screen.getByRole('list', { name: 'Scanned packages' });
const row = (code: string) => within(list()).getByRole('listitem', { name: `Package ${code}` });

describe('ScanView', () => {
  it('says when there is no camera, and the typed input still adds packages with their status', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    expect(await screen.findByText('Camera not available')).toBeTruthy();
    await type(user, 'abcdefgh2345');
    expect(await within(row('ABCDEFGH2345')).findByText('Shipped')).toBeTruthy();
  });

  it('says the camera was refused, and how to allow it, when the operator declines the permission', async () => {
    vi.stubGlobal('isSecureContext', true);
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { mediaDevices: { getUserMedia } }));
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    expect(await screen.findByText(/^Camera access was refused\. Allow the camera/)).toBeTruthy();
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(screen.getByRole('button', { name: 'Start camera' })).toBeTruthy();
    await type(user, 'ABCDEFGH2345');
    expect(await within(row('ABCDEFGH2345')).findByText('Shipped')).toBeTruthy();
  });

  it('beeps high and vibrates once for a package found, buzzes low twice and vibrates longer for an unknown code', async () => {
    const tones: number[] = [];
    class FakeAudioContext {
      state = 'running';
      currentTime = 0;
      destination = {};
      resume = async () => {};
      createOscillator() {
        const oscillator = {
          type: '',
          frequency: { value: 0 },
          connect: (next: unknown) => next,
          start: () => tones.push(oscillator.frequency.value),
          stop: () => {},
        };
        return oscillator;
      }
      createGain() {
        return {
          gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} },
          connect: (next: unknown) => next,
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext);
    const vibrate = vi.fn(() => true);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { vibrate }));
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await within(row('ABCDEFGH2345')).findByText('Shipped');
    expect(tones).toEqual([1760]);
    expect(vibrate).toHaveBeenLastCalledWith(60);
    await type(user, UNKNOWN);
    await within(row(UNKNOWN)).findByText('Unknown code');
    expect(tones).toEqual([1760, 220, 220]);
    expect(vibrate).toHaveBeenLastCalledWith([120, 80, 120]);
  });

  it('lists a code once: a second scan only says it is already there', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await type(user, ' abcdefgh2345 ');
    expect(await screen.findByText('ABCDEFGH2345 is already in the list')).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalledTimes(1));
  });

  it("reduces a label's QR URL to its code, and reports text that is no tracking code without listing it", async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'https://waybill.example/track/BCDEFGHJ3456');
    expect(await within(row('BCDEFGHJ3456')).findByText('Order Placed')).toBeTruthy();
    await type(user, '5012345678900');
    expect(await screen.findByText('"5012345678900" is not a tracking code')).toBeTruthy();
    expect(within(list()).getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows an unknown code as such and never sends it; a double click applies the status once', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await type(user, UNKNOWN);
    await type(user, 'BCDEFGHJ3456');
    expect(await within(row(UNKNOWN)).findByText('Unknown code')).toBeTruthy();
    await within(row('BCDEFGHJ3456')).findByText('Order Placed');
    await within(row('ABCDEFGH2345')).findByText('Shipped');

    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Delivered');
    await user.dblClick(screen.getByRole('button', { name: 'Apply to 2 packages' }));

    expect(await screen.findByText('2 done, 0 failed')).toBeTruthy();
    expect(bulkBodies).toEqual([
      { action: 'status', trackingCodes: ['BCDEFGHJ3456', 'ABCDEFGH2345'], status: 'Delivered' },
    ]);
    expect(within(row('ABCDEFGH2345')).getByText('Delivered')).toBeTruthy();
    expect(within(row(UNKNOWN)).getByText('Unknown code')).toBeTruthy();
  });

  it('opens the proof of delivery, sending nothing, when the one package in the list is set Delivered', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await within(row('ABCDEFGH2345')).findByText('Shipped');
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Delivered');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 package' }));

    const proof = await screen.findByRole('dialog', { name: 'Proof of delivery' });
    expect(within(proof).getByText('ABCDEFGH2345')).toBeTruthy();
    expect(bulkBodies).toEqual([]);
    expect(within(row('ABCDEFGH2345')).getByText('Shipped')).toBeTruthy();
  });

  it('sets the one package Delivered with its location when the operator goes on without proof', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await within(row('ABCDEFGH2345')).findByText('Shipped');
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Delivered');
    await user.type(screen.getByRole('textbox', { name: 'Location update' }), 'Front desk');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 package' }));
    const proof = await screen.findByRole('dialog', { name: 'Proof of delivery' });
    await user.click(within(proof).getByRole('button', { name: 'Delivered without proof' }));

    expect(await screen.findByText('1 done, 0 failed')).toBeTruthy();
    expect(bulkBodies).toEqual([
      { action: 'status', trackingCodes: ['ABCDEFGH2345'], status: 'Delivered' },
      { action: 'location', trackingCodes: ['ABCDEFGH2345'], location: 'Front desk' },
    ]);
    expect(within(row('ABCDEFGH2345')).getByText('Delivered')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Proof of delivery' })).toBeNull();
  });

  it('sets every package in a list of several Delivered in one bulk request, offering no proof of delivery', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await type(user, 'BCDEFGHJ3456');
    await within(row('ABCDEFGH2345')).findByText('Shipped');
    await within(row('BCDEFGHJ3456')).findByText('Order Placed');
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Delivered');
    await user.click(screen.getByRole('button', { name: 'Apply to 2 packages' }));

    expect(await screen.findByText('2 done, 0 failed')).toBeTruthy();
    expect(bulkBodies).toHaveLength(1);
    expect(bulkBodies[0]).toMatchObject({ action: 'status', status: 'Delivered' });
    expect([...bulkBodies[0]!.trackingCodes].sort()).toEqual(['ABCDEFGH2345', 'BCDEFGHJ3456']);
    expect(screen.queryByRole('dialog', { name: 'Proof of delivery' })).toBeNull();
  });

  it('warns, sending nothing, for a blank custom status or when neither a status nor a location is given', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await within(row('ABCDEFGH2345')).findByText('Shipped');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 package' }));
    expect(await screen.findByText('Choose a new status or enter a location update')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Custom Status');
    await user.type(screen.getByRole('textbox', { name: 'Custom status' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 package' }));
    expect(await screen.findByText('Enter a custom status')).toBeTruthy();
    expect(bulkBodies).toEqual([]);
  });

  it('sends a status and a location one after the other and shows one result per package', async () => {
    const user = userEvent.setup();
    renderForTest(<ScanView />);
    await type(user, 'ABCDEFGH2345');
    await within(row('ABCDEFGH2345')).findByText('Shipped');
    await user.selectOptions(screen.getByRole('combobox', { name: 'New status' }), 'Custom Status');
    await user.type(screen.getByRole('textbox', { name: 'Custom status' }), 'Held at customs');
    await user.type(screen.getByRole('textbox', { name: 'Location update' }), 'Tema port');
    await user.click(screen.getByRole('button', { name: 'Apply to 1 package' }));
    expect(await screen.findByText('1 done, 0 failed')).toBeTruthy();
    expect(bulkBodies).toEqual([
      { action: 'status', trackingCodes: ['ABCDEFGH2345'], status: 'Held at customs' },
      { action: 'location', trackingCodes: ['ABCDEFGH2345'], location: 'Tema port' },
    ]);
    expect(within(row('ABCDEFGH2345')).getByText('Held at customs')).toBeTruthy();

    await user.click(within(row('ABCDEFGH2345')).getByRole('button', { name: 'Remove ABCDEFGH2345' }));
    expect(screen.queryByRole('list', { name: 'Scanned packages' })).toBeNull();
    expect(screen.getByText('Scanned packages (0)')).toBeTruthy();
  });
});
