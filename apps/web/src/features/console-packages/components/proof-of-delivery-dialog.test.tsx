import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageStatusControl } from './package-status-control.tsx';

afterEach(() => vi.restoreAllMocks());

async function chooseDelivered(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Update status' }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Delivered' }));
  return screen.findByRole('dialog', { name: 'Proof of delivery' });
}

describe('Delivered from the status control', () => {
  it('offers the proof form, and asks for a name before sending anything', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Out for Delivery' }} />);
    const dialog = await chooseDelivered(user);
    expect(within(dialog).getByRole('textbox', { name: /Received by/ })).toBeTruthy();
    expect(within(dialog).getByRole('img', { name: 'Signature' })).toBeTruthy();
    expect(within(dialog).getByLabelText('Or choose a photo').getAttribute('capture')).toBe('environment');
    await user.click(within(dialog).getByRole('button', { name: 'Save proof and set Delivered' }));
    expect(await within(dialog).findByText('Enter who received the package')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('still sets Delivered without a proof when the operator says so', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 500 }));
    const user = userEvent.setup();
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Out for Delivery' }} />);
    const dialog = await chooseDelivered(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delivered without proof' }));
    const sent = () => fetchSpy.mock.calls.find(([url]) => url === '/api/admin/update-status');
    await waitFor(() => expect(sent()).toBeDefined());
    expect(JSON.parse(String(sent()![1]?.body))).toEqual({ trackingCode: 'ABCDEFGH2345', status: 'Delivered' });
    expect(fetchSpy.mock.calls.some(([url]) => url === '/api/admin/proof-of-delivery')).toBe(false);
  });

  it('offers no proof for a package that was never accepted', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 409 }));
    const user = userEvent.setup();
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Rejected' }} />);
    await user.click(screen.getByRole('combobox', { name: 'Update status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Delivered' }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(screen.queryByRole('dialog', { name: 'Proof of delivery' })).toBeNull();
  });
});
