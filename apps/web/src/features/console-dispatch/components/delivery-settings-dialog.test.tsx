import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DEFAULT_FAILURE_REASONS,
  DEPOT_LOCATION_REQUIRED,
  type DeliverySettings,
  FAILURE_REASON_TEXT,
  FAILURE_REASONS_REPEATED,
  HOLIDAYS_REPEATED,
  MAX_ATTEMPTS_RANGE,
  WORKING_DAYS_REQUIRED,
} from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { DeliverySettingsButton } from './delivery-settings-dialog.tsx';

const SAVED: DeliverySettings = {
  depotLocation: 'Waybill depot',
  maxAttempts: 3,
  failureReasons: [...DEFAULT_FAILURE_REASONS],
  workingDays: [1, 2, 3, 4, 5],
  holidays: [],
};

/**
 * The server's delivery settings: GET answers what is saved, PUT stores its body and answers it, or
 * `refuse` (status and body) once.
 */
function serve(saved: DeliverySettings = SAVED, refuse?: { status: number; body: unknown }) {
  const puts: unknown[] = [];
  let current = saved;
  let refusal = refuse;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    expect(String(input)).toBe('/api/admin/delivery-settings');
    if (init?.method !== 'PUT') return Response.json(current);
    const body = JSON.parse(String(init.body)) as DeliverySettings;
    puts.push(body);
    if (refusal) {
      const answer = Response.json(refusal.body, { status: refusal.status });
      refusal = undefined;
      return answer;
    }
    current = body;
    return Response.json(body);
  });
  return puts;
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
});
afterEach(() => vi.restoreAllMocks());

async function openDialog(canEdit: boolean) {
  const user = userEvent.setup();
  renderForTest(<DeliverySettingsButton canEdit={canEdit} />);
  await user.click(screen.getByRole('button', { name: 'Delivery settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delivery settings' });
  return { user, dialog };
}

const reasonInputs = (dialog: HTMLElement) =>
  within(dialog).getAllByRole('textbox', { name: /^Failure reason \d+$/ }) as HTMLInputElement[];
const reasonValues = (dialog: HTMLElement) => reasonInputs(dialog).map((input) => input.value);

describe('Delivery settings, read by an operator', () => {
  it('shows the settings in force with no field or Save, and says only an admin may change them', async () => {
    serve({
      depotLocation: 'Central depot, Accra',
      maxAttempts: 2,
      failureReasons: ['Gate locked', 'Dog'],
      workingDays: [1, 2, 3, 4, 5, 6],
      holidays: ['2026-12-25'],
    });
    const { dialog } = await openDialog(false);
    expect(await within(dialog).findByText('Central depot, Accra')).toBeTruthy();
    expect(within(dialog).getByText('Only an admin can change the delivery settings.')).toBeTruthy();
    expect(within(dialog).getByText('2')).toBeTruthy();
    const reasons = within(dialog).getByRole('list', { name: 'Failure reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Gate locked', 'Dog']);
    expect(within(dialog).getByText('Monday, Tuesday, Wednesday, Thursday, Friday, Saturday')).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Holidays' }).textContent).toBe('Friday 25 December 2026');
    expect(within(dialog).queryAllByRole('textbox')).toEqual([]);
    expect(within(dialog).queryAllByRole('checkbox')).toEqual([]);
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save settings' })).toBeNull();
  });
});

describe('Delivery settings, edited by an admin', () => {
  it('edits, reorders, removes and adds reasons, and saves the whole settings with a toast', async () => {
    const puts = serve();
    const { user, dialog } = await openDialog(true);
    const depot = await within(dialog).findByLabelText(/^Depot location/);
    expect((depot as HTMLInputElement).value).toBe('Waybill depot');
    await user.clear(depot);
    await user.type(depot, '  Central depot, Accra ');
    const attempts = within(dialog).getByLabelText(/^Failed attempts before returning/);
    await user.clear(attempts);
    await user.type(attempts, '5');

    await user.clear(reasonInputs(dialog)[1]!);
    await user.type(reasonInputs(dialog)[1]!, 'Wrong address');
    await user.click(within(dialog).getByRole('button', { name: 'Move failure reason 3 up' }));
    expect(reasonValues(dialog)).toEqual([
      'Nobody at home',
      'Refused by the receiver',
      'Wrong address',
      'No access to the building',
      'Business closed',
    ]);
    // The focus stays on the button pressed, in the reason's new place, and the move is announced.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Move failure reason 2 up' }));
    expect(
      within(dialog)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('Refused by the receiver is now reason 2 of 5.');
    await user.click(within(dialog).getByRole('button', { name: 'Move failure reason 1 down' }));
    await user.click(within(dialog).getByRole('button', { name: 'Remove failure reason 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add failure reason' }));
    expect(document.activeElement).toBe(reasonInputs(dialog)[4]);
    await user.type(reasonInputs(dialog)[4]!, 'Dog in the garden');

    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      depotLocation: 'Central depot, Accra',
      maxAttempts: 5,
      failureReasons: [
        'Refused by the receiver',
        'Nobody at home',
        'Wrong address',
        'No access to the building',
        'Dog in the garden',
      ],
      workingDays: [1, 2, 3, 4, 5],
      holidays: [],
    });
    expect(await screen.findByText('Delivery settings saved')).toBeTruthy();
    expect(screen.getByText('Central depot, Accra · 5 attempts before returning · 5 failure reasons')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Opened again, the form starts from what was saved.
    await user.click(screen.getByRole('button', { name: 'Delivery settings' }));
    const again = await screen.findByRole('dialog', { name: 'Delivery settings' });
    expect(((await within(again).findByLabelText(/^Depot location/)) as HTMLInputElement).value).toBe(
      'Central depot, Accra',
    );
    expect(reasonValues(again)[4]).toBe('Dog in the garden');
  });

  it('shows each mistake under its field and sends nothing', async () => {
    const puts = serve();
    const { user, dialog } = await openDialog(true);
    await user.clear(await within(dialog).findByLabelText(/^Depot location/));
    const attempts = within(dialog).getByLabelText(/^Failed attempts before returning/);
    await user.clear(attempts);
    await user.type(attempts, '11');
    await user.clear(reasonInputs(dialog)[1]!);
    await user.clear(reasonInputs(dialog)[4]!);
    await user.type(reasonInputs(dialog)[4]!, ' nobody at home');
    await user.clear(reasonInputs(dialog)[3]!);
    await user.type(reasonInputs(dialog)[3]!, 'Nobody at home ');
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));

    expect(await within(dialog).findByText(DEPOT_LOCATION_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(MAX_ATTEMPTS_RANGE)).toBeTruthy();
    // The blank reason, and the one that repeats the first (as the server compares them: trimmed).
    expect(reasonInputs(dialog)[1]!.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText(FAILURE_REASON_TEXT)).toBeTruthy();
    expect(reasonInputs(dialog)[3]!.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText(FAILURE_REASONS_REPEATED)).toHaveLength(1);
    expect(reasonInputs(dialog)[4]!.getAttribute('aria-invalid')).not.toBe('true');
    expect(document.activeElement).toBe(within(dialog).getByLabelText(/^Depot location/));
    expect(puts).toEqual([]);
  });

  it('keeps at least one reason: the last one has no remove button', async () => {
    serve({ ...SAVED, failureReasons: ['Nobody at home', 'Business closed'] });
    const { user, dialog } = await openDialog(true);
    await user.click(await within(dialog).findByRole('button', { name: 'Remove failure reason 1' }));
    expect(reasonValues(dialog)).toEqual(['Business closed']);
    expect(within(dialog).queryByRole('button', { name: /^Remove failure reason/ })).toBeNull();
    // The focus goes to the reason that took the removed one's place.
    expect(document.activeElement).toBe(reasonInputs(dialog)[0]);
  });

  it('offers no twenty-first reason', async () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `Reason ${index + 1}`);
    serve({ ...SAVED, failureReasons: twenty });
    const { dialog } = await openDialog(true);
    expect((await within(dialog).findByRole('button', { name: 'Add failure reason' })).hasAttribute('disabled')).toBe(
      true,
    );
    expect(within(dialog).getByText('The list is full: remove a reason to add another.')).toBeTruthy();
  });

  it("shows a 400's field messages beside their fields and keeps the dialog open", async () => {
    const puts = serve(SAVED, {
      status: 400,
      body: {
        message: 'A failure reason is 1 to 100 characters',
        errors: { 'failureReasons.2': 'A failure reason is 1 to 100 characters', depotLocation: 'Name a real place' },
      },
    });
    const { user, dialog } = await openDialog(true);
    await user.click(await within(dialog).findByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(await screen.findByText('Error saving the delivery settings')).toBeTruthy();
    expect(within(dialog).getByText('Name a real place')).toBeTruthy();
    expect(reasonInputs(dialog)[2]!.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getAllByText('A failure reason is 1 to 100 characters')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Delivery settings' })).toBeTruthy();
  });

  it('says when the settings cannot be read, and tries again', async () => {
    let answers = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      answers += 1;
      return answers === 1 ? Response.json({ message: 'Database unavailable' }, { status: 503 }) : Response.json(SAVED);
    });
    const { user, dialog } = await openDialog(true);
    expect(await within(dialog).findByText('Database unavailable')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(((await within(dialog).findByLabelText(/^Depot location/)) as HTMLInputElement).value).toBe('Waybill depot');
  });
});

describe('Working days and holidays, edited by an admin', () => {
  it('saves the weekdays ticked and the holidays added, in order, and announces each change', async () => {
    const puts = serve();
    const { user, dialog } = await openDialog(true);
    const friday = await within(dialog).findByRole('checkbox', { name: 'Friday' });
    expect((friday as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Saturday' }) as HTMLInputElement).checked).toBe(false);
    await user.click(friday);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    expect(within(dialog).getByText('No holidays set.')).toBeTruthy();

    const day = within(dialog).getByLabelText('Holiday to add');
    for (const holiday of ['2030-12-26', '2030-12-25', '2031-01-01']) {
      await user.type(day, holiday);
      await user.click(within(dialog).getByRole('button', { name: 'Add holiday' }));
    }
    const list = within(dialog).getByRole('list', { name: 'Holidays' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wednesday 25 December 2030', 'Thursday 26 December 2030', 'Wednesday 1 January 2031']);
    // The same day twice is refused where it is typed.
    await user.type(day, '2030-12-25');
    await user.click(within(dialog).getByRole('button', { name: 'Add holiday' }));
    expect(within(dialog).getByText(HOLIDAYS_REPEATED)).toBeTruthy();
    await user.clear(day);
    await user.click(within(dialog).getByRole('button', { name: 'Remove holiday Thursday 26 December 2030' }));
    expect(
      within(dialog)
        .getAllByRole('status')
        .map((status) => status.textContent),
    ).toContain('Thursday 26 December 2030 removed.');

    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ workingDays: [1, 2, 3, 4, 6], holidays: ['2030-12-25', '2031-01-01'] });
  });

  it('refuses a week with no working day and sends nothing', async () => {
    const puts = serve();
    const { user, dialog } = await openDialog(true);
    for (const name of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await user.click(await within(dialog).findByRole('checkbox', { name }));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    expect(await within(dialog).findByText(WORKING_DAYS_REQUIRED)).toBeTruthy();
    expect(puts).toEqual([]);
  });
});
