import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { PackageStatusControl } from './package-status-control.tsx';

afterEach(() => vi.restoreAllMocks());

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, option: string) {
  await user.click(screen.getByRole('combobox', { name: 'Update status' }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('PackageStatusControl', () => {
  it('shows the current listed status and no custom text box at first', () => {
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Shipped' }} />);
    expect((screen.getByRole('combobox', { name: 'Update status' }) as HTMLInputElement).value).toBe('Shipped');
    expect(screen.queryByRole('textbox', { name: 'Custom status' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Status' })).toBeNull();
  });

  it('offers every listed status plus Custom Status', async () => {
    const user = userEvent.setup();
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Shipped' }} />);
    await user.click(screen.getByRole('combobox', { name: 'Update status' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Pending',
      'Order Placed',
      'Package in transit to sorting hub',
      'Package in sorting hub',
      'Processing',
      'Shipped',
      'Out for Delivery',
      'Delivered',
      'Returning to sender',
      'Rejected',
      'Custom Status',
    ]);
  });

  it('reveals the text box on Custom Status and only warns, without calling the server, when it is blank', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const user = userEvent.setup();
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Shipped' }} />);
    await chooseStatus(user, 'Custom Status');

    const box = screen.getByRole('textbox', { name: 'Custom status' });
    await user.type(box, '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Status' }));

    expect(await screen.findByText('Custom Status Required')).toBeTruthy();
    expect(screen.getByText('Enter a custom status')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    // The box stays open for the operator to type into.
    expect(screen.getByRole('textbox', { name: 'Custom status' })).toBeTruthy();
  });

  it('shows a custom status as Custom Status and still lets the operator type a new one', async () => {
    const user = userEvent.setup();
    renderForTest(<PackageStatusControl pkg={{ trackingCode: 'ABCDEFGH2345', status: 'Held at customs' }} />);
    expect((screen.getByRole('combobox', { name: 'Update status' }) as HTMLInputElement).value).toBe('Custom Status');
    expect(screen.queryByRole('textbox', { name: 'Custom status' })).toBeNull();
    await chooseStatus(user, 'Custom Status');
    expect(screen.getByRole('textbox', { name: 'Custom status' })).toBeTruthy();
  });
});
