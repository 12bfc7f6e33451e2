import { notifications } from '@mantine/notifications';
import { fireEvent, screen } from '@testing-library/react';
import {
  CANNOT_TEXT_NUMBER,
  TEXT_CODE_FORMAT,
  TEXT_CODE_LOCKED,
  TEXT_CODE_SENT,
  TEXT_NUMBERS_FULL,
  textUpdatesConfirmed,
} from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { TextUpdatesForm } from './text-updates-form.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const CONFIRMED = textUpdatesConfirmed('+234 803 123 4567');

/** A server that answers the code request with 202, then each confirmation with the next of `confirms`. */
function server(confirms: Array<[number, object]>) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/confirm')) {
      const [status, body] = confirms.shift()!;
      return Response.json(body, { status });
    }
    return Response.json({ message: TEXT_CODE_SENT }, { status: 202 });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
const bodies = (fetch: ReturnType<typeof server>, suffix: string) =>
  fetch.mock.calls.filter(([url]) => url.endsWith(suffix)).map(([, init]) => JSON.parse(String(init?.body)));

function askCode(country: string, phone: string) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Country' }), { target: { value: country } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Mobile number' }), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
}
const codeInput = () => screen.getByRole('textbox', { name: '6-digit code' });
function enterCode(digits: string) {
  fireEvent.change(codeInput(), { target: { value: digits } });
  fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
}

describe('TextUpdatesForm', () => {
  it('asks for a code with the number and its country, then confirms it and says what was confirmed', async () => {
    const fetch = server([[200, { message: CONFIRMED, number: '+234 803 123 4567' }]]);
    renderWithApp(<TextUpdatesForm code="ABCDEFGH2345" />);
    askCode('Nigeria', '0803 123 4567');
    expect((await screen.findByTestId('text-code-sent')).textContent).toBe(TEXT_CODE_SENT);
    expect(codeInput().getAttribute('inputmode')).toBe('numeric');
    expect(codeInput().getAttribute('autocomplete')).toBe('one-time-code');
    enterCode('048213');
    expect((await screen.findByTestId('texts-confirmed')).textContent).toBe(CONFIRMED);
    expect(bodies(fetch, '/text-subscriptions')).toEqual([{ phone: '0803 123 4567', country: 'Nigeria' }]);
    expect(bodies(fetch, '/confirm')).toEqual([{ phone: '0803 123 4567', country: 'Nigeria', code: '048213' }]);
  });

  it('checks the code’s shape before asking, and shows the server’s refusals under their fields', async () => {
    const fetch = server([[410, { message: TEXT_CODE_LOCKED }]]);
    renderWithApp(<TextUpdatesForm code="ABCDEFGH2345" />);
    askCode('', '+44 7911 123456');
    await screen.findByTestId('text-code-sent');
    expect(bodies(fetch, '/text-subscriptions')).toEqual([{ phone: '+44 7911 123456' }]);
    enterCode('12a');
    expect(await screen.findByText(TEXT_CODE_FORMAT)).toBeTruthy();
    expect(bodies(fetch, '/confirm')).toEqual([]);
    enterCode('123456');
    expect(await screen.findByText(TEXT_CODE_LOCKED)).toBeTruthy();
  });

  it("shows the server's refusal of a full package, when the code is asked for and when it is entered", async () => {
    const full = { message: TEXT_NUMBERS_FULL };
    const asks: Array<[number, object]> = [
      [409, full],
      [202, { message: TEXT_CODE_SENT }],
    ];
    const fetch = vi.fn(async (url: string) => {
      if (url === '/api/health') return Response.json({});
      const [status, body] = url.endsWith('/confirm') ? [409, full] : asks.shift()!;
      return Response.json(body, { status });
    });
    vi.stubGlobal('fetch', fetch);
    renderWithApp(<TextUpdatesForm code="ABCDEFGH2345" />);
    askCode('Nigeria', '0803 123 4567');
    expect(await screen.findByText(TEXT_NUMBERS_FULL, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '6-digit code' })).toBeNull();
    notifications.clean();
    fireEvent.click(screen.getByRole('button', { name: 'Text me a code' }));
    await screen.findByTestId('text-code-sent');
    enterCode('048213');
    expect(await screen.findByText(TEXT_NUMBERS_FULL, {}, { timeout: 5000 })).toBeTruthy();
    expect(codeInput()).toBeTruthy();
    expect(screen.queryByTestId('texts-confirmed')).toBeNull();
    const posts = fetch.mock.calls.filter(([url]) => url !== '/api/health');
    expect(posts.map(([url]) => url.split('/').at(-1))).toEqual([
      'text-subscriptions',
      'text-subscriptions',
      'confirm',
    ]);
  });

  it('says under the number when it cannot receive texts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message: CANNOT_TEXT_NUMBER, errors: { phone: CANNOT_TEXT_NUMBER } }, { status: 400 }),
      ),
    );
    renderWithApp(<TextUpdatesForm code="ABCDEFGH2345" />);
    askCode('United Kingdom', '020 7946 0958');
    expect(await screen.findByText(CANNOT_TEXT_NUMBER)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: '6-digit code' })).toBeNull();
  });
});
