import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CLOCK_TIME_FORMAT, type TextEntry, type TextSettings, TIME_ZONE_UNKNOWN } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { MessagesLog } from './messages-log.tsx';
import { TextSettingsPanel } from './text-settings-form.tsx';

const SETTINGS: TextSettings = {
  timeZone: 'Africa/Lagos',
  quietStart: '21:00',
  quietEnd: '07:00',
  kinds: { out_for_delivery: true, attempt_failed: true, delivered: true, returning: true },
  provider: 'africastalking',
};

const text = (id: number, fields: Partial<TextEntry> = {}): TextEntry => ({
  id: `t-${id}`,
  trackingCode: 'WB7K2M9QX4TA',
  channel: 'sms',
  number: '+233 •••• ••45',
  kind: 'delivered',
  state: 'sent',
  errorCode: null,
  createdAt: '2026-11-25T14:30:00.000Z',
  sendAt: '2026-11-25T14:30:00.000Z',
  updatedAt: '2026-11-25T14:31:00.000Z',
  ...fields,
});

/** The server: the settings (PUT answers `refuse` once, else stores its body), and the texts' pages. */
function serve({ settings = SETTINGS, refuse }: { settings?: TextSettings; refuse?: unknown } = {}) {
  const requests: string[] = [];
  const puts: unknown[] = [];
  let current = settings;
  let refusal = refuse;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = String(input);
    requests.push(path);
    if (path === '/api/admin/text-settings') {
      if (init?.method !== 'PUT') return Response.json(current);
      const body = JSON.parse(String(init.body));
      puts.push(body);
      if (refusal) {
        const answer = Response.json(refusal, { status: 400 });
        refusal = undefined;
        return answer;
      }
      current = { ...body, provider: current.provider };
      return Response.json(current);
    }
    const state = new URL(path, 'http://x').searchParams.get('state');
    const items =
      state === 'failed'
        ? [text(3, { state: 'failed', errorCode: '406 UserInBlacklist', kind: 'attempt_failed' })]
        : [text(1), text(2, { state: 'queued', kind: 'out_for_delivery', sendAt: '2026-11-26T06:00:00.000Z' })];
    return Response.json(items, { headers: { 'X-Total-Count': String(state ? 1 : 45), 'X-Page': '1' } });
  });
  return { requests, puts };
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.restoreAllMocks());

describe('MessagesLog', () => {
  it('lists each text with its channel, masked number, template, state, error and time, and filters by state', async () => {
    const { requests } = serve();
    renderForTest(<MessagesLog />);
    const table = await screen.findByRole('table', { name: 'Text messages' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('SMS+233 •••• ••45DeliveredWB7K2M9QX4TAsent'),
      expect.stringContaining('Out for deliveryWB7K2M9QX4TAqueued'),
    ]);
    expect(rows[1]?.textContent).toContain('Goes at');
    expect(screen.getByRole('button', { name: 'next page' })).toBeTruthy();
    expect(requests).toContain('/api/admin/texts?page=1&pageSize=20');

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'failed' }));
    expect(await screen.findByText('406 UserInBlacklist', { selector: 'td' })).toBeTruthy();
    expect(requests).toContain('/api/admin/texts?page=1&pageSize=20&state=failed');
  });
});

describe('TextSettingsPanel', () => {
  it('lets an admin change quiet hours and switch a text off, and shows the field message of a refusal', async () => {
    const { puts } = serve({ refuse: { message: TIME_ZONE_UNKNOWN, errors: { timeZone: TIME_ZONE_UNKNOWN } } });
    renderForTest(<TextSettingsPanel isAdmin />);
    const user = userEvent.setup();
    const until = await screen.findByLabelText('Quiet until');
    expect(screen.queryByText('Texts are off')).toBeNull();
    await user.clear(until);
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    expect(await screen.findByText(CLOCK_TIME_FORMAT)).toBeTruthy();
    expect(puts).toEqual([]);

    await user.clear(until);
    await user.type(until, '06:30');
    await user.click(screen.getByRole('checkbox', { name: 'Attempt failed' }));
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    expect(await screen.findAllByText(TIME_ZONE_UNKNOWN)).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save text settings' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({
      timeZone: 'Africa/Lagos',
      quietStart: '21:00',
      quietEnd: '06:30',
      kinds: { out_for_delivery: true, attempt_failed: false, delivered: true, returning: true },
    });
  });

  it('is read-only for an operator, and says texts are off without a provider', async () => {
    serve({ settings: { ...SETTINGS, provider: null } });
    renderForTest(<TextSettingsPanel isAdmin={false} />);
    expect(await screen.findByText('Texts are off')).toBeTruthy();
    expect((screen.getByLabelText('Quiet from') as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Delivered' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save text settings' })).toBeNull();
    expect(screen.getByText('Only an admin can change these settings.')).toBeTruthy();
  });
});
