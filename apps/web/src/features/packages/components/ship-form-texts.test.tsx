import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { CANNOT_TEXT_NUMBER, PACKAGE_SUBMITTED, type TextOffer } from '@waybill/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShipForm } from './ship-form.tsx';
import { SubmissionSuccess } from './submission-success.tsx';

function renderForm(texts?: TextOffer) {
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <ShipForm texts={texts ?? null} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const textMe = () => screen.queryByRole('checkbox', { name: 'Text me updates' });
/** The options load with their own module, once the form shows. */
const loaded = () => screen.findByRole('checkbox', { name: 'Text me updates' }, { timeout: 5000 });
const radio = (name: string) => screen.queryByRole('radio', { name });

/** Fills in every field, reviews and confirms; answers each submission with `answer`; the forms sent. */
async function submitWith(answer: () => Response): Promise<FormData[]> {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
  document.cookie = 'XSRF-TOKEN=test-token';
  const sent: FormData[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      sent.push(init?.body as FormData);
      return answer();
    }),
  );
  for (const [label, value] of [
    ['Name', 'Ada Obi'],
    ['Email', 'ada@example.com'],
    ['Phone', '01 270 0000'],
    ['Pickup Location', '12 Marina, Lagos'],
    ["Receiver's Name", 'Kofi Mensah'],
    ["Receiver's Email", 'kofi@example.com'],
    ["Receiver's Phone", '+233 20 000 0000'],
    ['Destination', '4 Oxford Street, Accra'],
    ['Description', 'Two hardback textbooks'],
  ] as const) {
    fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Review Package' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm & Submit' }));
  return sent;
}

describe("the ship form's text options", () => {
  it('are absent when the server cannot send texts', () => {
    renderForm();
    expect(textMe()).toBeNull();
  });

  it('ask "Text me updates", off by default, with no channel to choose without WhatsApp', async () => {
    renderForm({ whatsapp: false });
    await loaded();
    expect((textMe() as HTMLInputElement).checked).toBe(false);
    fireEvent.click(textMe()!);
    expect((textMe() as HTMLInputElement).checked).toBe(true);
    expect(radio('by WhatsApp')).toBeNull();
  });

  it('offer SMS or WhatsApp once ticked, send the choice, and say under the phone when it cannot take texts', async () => {
    renderForm({ whatsapp: true });
    await loaded();
    expect(radio('by SMS')).toBeNull();
    fireEvent.click(textMe()!);
    expect((radio('by SMS') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(radio('by WhatsApp')!);
    const sent = await submitWith(() =>
      Response.json({ message: CANNOT_TEXT_NUMBER, errors: { phone: CANNOT_TEXT_NUMBER } }, { status: 400 }),
    );
    expect((await screen.findAllByText(CANNOT_TEXT_NUMBER, {}, { timeout: 5000 })).length).toBeGreaterThan(0);
    expect(sent[0]!.get('textUpdates')).toBe('whatsapp');
    expect(sent[0]!.get('phone')).toBe('01 270 0000');
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).toBe('true');
    // Unticked: no texts asked for, so nothing is wrong with the phone any more.
    fireEvent.click(screen.getByRole('button', { name: 'Go Back' }));
    fireEvent.click(textMe()!);
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).not.toBe('true');
  });

  it('send nothing of texts when not ticked, and the receipt promises texts only when the server will send them', async () => {
    // jsdom lays nothing out: the success panel's scroll into view has nowhere to go.
    Element.prototype.scrollIntoView ??= () => {};
    renderForm({ whatsapp: true });
    await loaded();
    const answer = { message: PACKAGE_SUBMITTED, trackingCode: 'WB2345ABCDEF', status: 'Pending', packageImages: [] };
    const sent = await submitWith(() => Response.json(answer, { status: 201 }));
    expect(await screen.findByTestId('submission-success', {}, { timeout: 5000 })).toBeTruthy();
    expect(sent[0]!.has('textUpdates')).toBe(false);
    expect(screen.getByTestId('submission-success').textContent).not.toMatch(/text your phone/);
  });

  it('let the success panel tell the channel of the texts the server will send', () => {
    Element.prototype.scrollIntoView ??= () => {};
    render(
      <MantineProvider>
        <SubmissionSuccess trackingCode="WB2345ABCDEF" receiptTo="ada@example.com" textsBy="whatsapp" />
      </MantineProvider>,
    );
    expect(screen.getByTestId('submission-success').textContent).toContain('We will also text your phone on WhatsApp');
  });
});
