import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import {
  CHECK_DOES_NOT_MATCH,
  type DeliveryPreferences,
  NEIGHBOUR_NAME_REQUIRED,
  PHONE_LAST4_FORMAT,
} from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { CHOICES_SAVED } from './delivery-choices-form.tsx';
import { CHECK_LAPSED, ManageDelivery } from './manage-delivery.tsx';

const CODE = 'ABCDEFGH2345';
const NOTHING_SET: DeliveryPreferences = {
  instructions: '',
  safePlace: { kind: 'none' },
  safePlaceWords: null,
  setBy: null,
  setAt: null,
  deliveryDay: null,
  deliveryDays: ['2026-12-01', '2026-12-02', '2026-12-03'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

/** The tracking routes as the server answers them: checked once the right digits ("4412") are sent. */
function serve({ checked = false, lapseOnSave = false } = {}) {
  const state = { checked, saved: NOTHING_SET };
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.endsWith('/check')) {
      return Response.json(
        state.checked
          ? { checked: true, as: 'recipient', until: '2026-12-01T12:00:00.000Z' }
          : { checked: false, as: null, until: null },
      );
    }
    if (url.endsWith('/verify')) {
      if (body.phoneLast4 !== '4412') return Response.json({ message: CHECK_DOES_NOT_MATCH }, { status: 403 });
      state.checked = true;
      return new Response(null, { status: 204 });
    }
    if (url.endsWith('/preferences')) {
      if (!state.checked || (lapseOnSave && init?.method === 'PUT')) {
        return Response.json({ message: 'Confirm who you are first' }, { status: 401 });
      }
      if (init?.method === 'PUT') {
        const words =
          body.safePlace.kind === 'neighbour' ? `Leave with a neighbour: ${body.safePlace.neighbourName}` : null;
        state.saved = {
          ...state.saved,
          ...body,
          safePlaceWords: words,
          setBy: 'recipient',
          setAt: new Date().toISOString(),
        };
      }
      return Response.json(state.saved);
    }
    return Response.json({ message: 'unexpected' }, { status: 500 });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, state };
}

function confirmWith(digits: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Last four digits of your phone number' }), {
    target: { value: digits },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('ManageDelivery', () => {
  it('asks for four digits, says a wrong number in the server’s words, and opens the choices once they match', async () => {
    const { fetch } = serve();
    renderWithApp(<ManageDelivery code={CODE} />);
    confirmWith('12a');
    expect(await screen.findByText(PHONE_LAST4_FORMAT)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/verify'))).toBe(false);
    confirmWith('0000');
    expect(await screen.findByText(CHECK_DOES_NOT_MATCH)).toBeTruthy();
    confirmWith('4412');
    expect(await screen.findByRole('textbox', { name: 'Delivery instructions' })).toBeTruthy();
    const verify = fetch.mock.calls.find(
      ([url, init]) => url.endsWith('/verify') && init?.body?.toString().includes('4412'),
    );
    expect(verify?.[0]).toBe(`/api/track/${CODE}/verify`);
  });

  it('saves instructions and a neighbour, refusing a neighbour without a name before sending', async () => {
    const { fetch, state } = serve({ checked: true });
    renderWithApp(<ManageDelivery code={CODE} />);
    const instructions = await screen.findByRole('textbox', { name: 'Delivery instructions' });
    fireEvent.change(instructions, { target: { value: 'Gate code 4412' } });
    expect(screen.getByText(/14 of 300 characters/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'A neighbour' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Their house number or name' }), {
      target: { value: 'no. 14' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText(NEIGHBOUR_NAME_REQUIRED)).toBeTruthy();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);

    fireEvent.change(screen.getByRole('textbox', { name: "Neighbour's name" }), { target: { value: 'Mrs Adu' } });
    const day = screen.getByRole('combobox', { name: 'Delivery day' });
    expect([...(day as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'As estimated',
      'Tuesday 1 December',
      'Wednesday 2 December',
      'Thursday 3 December',
    ]);
    fireEvent.change(day, { target: { value: '2026-12-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText(CHOICES_SAVED)).toBeTruthy();
    expect(state.saved).toMatchObject({
      instructions: 'Gate code 4412',
      safePlace: { kind: 'neighbour', neighbourName: 'Mrs Adu', neighbourHouse: 'no. 14' },
      deliveryDay: '2026-12-02',
    });
    expect(screen.getByText('Last changed by the recipient.')).toBeTruthy();
  });

  it('asks again when the confirmation has run out before a save', async () => {
    serve({ checked: true, lapseOnSave: true });
    renderWithApp(<ManageDelivery code={CODE} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Front door' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save choices' }));
    expect(await screen.findByText(CHECK_LAPSED)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy());
  });
});
