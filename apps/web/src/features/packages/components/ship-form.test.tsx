import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ShipForm } from './ship-form.tsx';

function renderForm() {
  render(
    <MantineProvider>
      <Notifications />
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ShipForm />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.clean();
});

const field = (label: string) => screen.getByRole('textbox', { name: label });

describe('ShipForm', () => {
  it('starts from the SPEC §9 defaults', () => {
    renderForm();
    expect((field('Quantity') as HTMLInputElement).value).toBe('1');
    expect((field('Weight (kg)') as HTMLInputElement).value).toBe('1');
    expect((screen.getByRole('combobox', { name: 'Dimension unit' }) as HTMLSelectElement).value).toBe('cm');
    for (const label of ['Length', 'Width', 'Height']) expect((field(label) as HTMLInputElement).value).toBe('10');
  });

  it('explains every missing or too small value under its field and opens no dialog', async () => {
    const user = renderForm();
    for (const label of ['Quantity', 'Weight (kg)', 'Length', 'Width']) await user.clear(field(label));
    await user.clear(field('Height'));
    await user.type(field('Height'), '0');
    await user.type(field('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Review Package' }));

    for (const message of [
      'Name is required',
      'Invalid email address',
      'Phone number is required',
      'Pickup location is required',
      "Receiver's name is required",
      "Receiver's email is required",
      "Receiver's phone number is required",
      'Destination is required',
      'Package description is required',
      'Minimum quantity is 1',
      'Minimum weight is 0.1kg',
      'Minimum length is 1',
      'Minimum width is 1',
      'Minimum height is 1',
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps every character typed in the number fields and explains what is wrong', async () => {
    const user = renderForm();
    const typed: [string, string][] = [
      ['Quantity', '1.5'],
      ['Weight (kg)', '-2'],
      ['Length', '1,5'],
      ['Width', '12abc'],
      ['Height', '.5'],
    ];
    for (const [label, text] of typed) {
      await user.clear(field(label));
      await user.type(field(label), text);
    }
    for (const [label, text] of typed) expect((field(label) as HTMLInputElement).value, label).toBe(text);

    await user.click(screen.getByRole('button', { name: 'Review Package' }));
    for (const message of [
      'Must be a whole number',
      'Minimum weight is 0.1kg',
      'Minimum length is 1',
      'Minimum width is 1',
      'Minimum height is 1',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('steps the weight by 0.1 with the arrow keys', async () => {
    const user = renderForm();
    await user.click(field('Weight (kg)'));
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect((field('Weight (kg)') as HTMLInputElement).value).toBe('1.2');
    await user.keyboard('{ArrowDown}');
    expect((field('Weight (kg)') as HTMLInputElement).value).toBe('1.1');
  });

  it('shows Error submitting package with the client message when the answer has no JSON message', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the server would set
    document.cookie = 'XSRF-TOKEN=test-token';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const user = renderForm();
    for (const [label, value] of [
      ['Name', 'Ada Obi'],
      ['Email', 'ada@example.com'],
      ['Phone', '+234 801 000 0000'],
      ['Pickup Location', '12 Marina, Lagos'],
      ["Receiver's Name", 'Kofi Mensah'],
      ["Receiver's Email", 'kofi@example.com'],
      ["Receiver's Phone", '+233 20 000 0000'],
      ['Destination', '4 Oxford Street, Accra'],
      ['Description', 'Two hardback textbooks'],
    ]) {
      await user.type(field(label!), value!);
    }
    await user.click(screen.getByRole('button', { name: 'Review Package' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm & Submit' }));
    const title = await screen.findByText('Error submitting package', {}, { timeout: 5000 });
    expect(
      within(title.closest('[role="alert"]') as HTMLElement).getByText('Request failed with status code 502'),
    ).toBeTruthy();
  });
});
