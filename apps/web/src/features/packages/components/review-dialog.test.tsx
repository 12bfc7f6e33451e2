import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PackageFormInput } from '@waybill/domain';
import { describe, expect, it, vi } from 'vitest';
import { ReviewDialog } from './review-dialog.tsx';

const VALUES: PackageFormInput = {
  name: 'Ada Obi',
  email: 'ada@example.com',
  phone: '+234 801 000 0000',
  pickupLocation: '12 Marina, Lagos',
  rname: 'Kofi Mensah',
  remail: 'kofi@example.com',
  rphone: '+233 20 000 0000',
  destination: '4 Oxford St, Accra',
  description: 'Two textbooks',
  quantity: 2,
  weight: 1.5,
  dimensionUnit: 'in',
  length: 12.5,
  width: 4,
  height: 3,
};

function renderDialog(props: { submitting?: boolean; values?: PackageFormInput } = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <MantineProvider>
      <ReviewDialog
        opened
        values={props.values ?? VALUES}
        imageCount={2}
        submitting={props.submitting ?? false}
        onClose={onClose}
        onConfirm={onConfirm}
      />
    </MantineProvider>,
  );
  return { onClose, onConfirm };
}

/** The value shown beside a label in the dialog's description lists. */
function shownValue(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('ReviewDialog', () => {
  it('shows every value entered and the total volume in the unit cubed', () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Confirm Package Details' })).toBeTruthy();
    expect(shownValue('Name')).toBe('Ada Obi');
    expect(shownValue('Email')).toBe('ada@example.com');
    expect(shownValue('Phone')).toBe('+234 801 000 0000');
    expect(shownValue('Pickup Location')).toBe('12 Marina, Lagos');
    expect(shownValue("Receiver's Name")).toBe('Kofi Mensah');
    expect(shownValue("Receiver's Email")).toBe('kofi@example.com');
    expect(shownValue("Receiver's Phone")).toBe('+233 20 000 0000');
    expect(shownValue('Destination')).toBe('4 Oxford St, Accra');
    expect(shownValue('Description')).toBe('Two textbooks');
    expect(shownValue('Quantity')).toBe('2');
    expect(shownValue('Weight')).toBe('1.5 kg');
    expect(shownValue('Dimensions')).toBe('12.5 × 4 × 3 in');
    expect(shownValue('Total volume')).toBe('150.00 in³');
    expect(shownValue('Images')).toBe('2');
  });

  it('formats the default box as 1000.00 cm³', () => {
    renderDialog({ values: { ...VALUES, dimensionUnit: 'cm', length: 10, width: 10, height: 10 } });
    expect(shownValue('Total volume')).toBe('1000.00 cm³');
  });

  it('goes back or confirms', async () => {
    const user = userEvent.setup();
    const { onClose, onConfirm } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(onClose).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Confirm & Submit' }));
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('keeps the dialog in place while submitting', () => {
    renderDialog({ submitting: true });
    expect(screen.getByRole('button', { name: 'Go Back' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Confirm & Submit' }).getAttribute('data-loading')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
