import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedContactDetails } from '@waybill/domain';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { ContactDetailsCard } from './contact-details-card.tsx';

const SAVED: SavedContactDetails = {
  _id: '6f1c0f8e-3d5e-4c36-9a43-0a3f7d1f2b11',
  phone: '+1 555 0100',
  email: '',
  whatsapp: 'https://wa.me/15550100',
  address: ['100 Harbor Way', 'Oakland, CA'],
};

const refresh = () => Promise.resolve();

/** The value shown beside a label in the card's description list. */
function shownValue(label: string) {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

async function openEditor(buttonName: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: buttonName }));
  return { user, dialog: await screen.findByRole('dialog', { name: buttonName }) };
}

describe('ContactDetailsCard', () => {
  it('says nothing is saved and offers Add Details, whose form creates', async () => {
    renderWithApp(<ContactDetailsCard details={null} onSaved={refresh} />);
    expect(screen.getByText('No contact details saved yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Details' })).toBeNull();

    const { dialog } = await openEditor('Add Details');
    for (const label of ['Phone', 'Email', 'WhatsApp link', 'Address line 1']) {
      expect((within(dialog).getByLabelText(label) as HTMLInputElement).value).toBe('');
    }
    expect(within(dialog).getByRole('button', { name: 'Save Details' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Update Details' })).toBeNull();
  });

  it('shows each saved value, Not provided for an empty one, and edits in update mode', async () => {
    renderWithApp(<ContactDetailsCard details={SAVED} onSaved={refresh} />);
    expect(shownValue('Phone')).toBe('+1 555 0100');
    expect(shownValue('Email')).toBe('Not provided');
    expect(screen.getByRole('link', { name: 'https://wa.me/15550100' }).getAttribute('href')).toBe(
      'https://wa.me/15550100',
    );
    expect(shownValue('Address')).toBe('100 Harbor WayOakland, CA');

    const { dialog } = await openEditor('Edit Details');
    expect((within(dialog).getByLabelText('Phone') as HTMLInputElement).value).toBe('+1 555 0100');
    expect((within(dialog).getByLabelText('Address line 2') as HTMLInputElement).value).toBe('Oakland, CA');
    expect(within(dialog).getByRole('button', { name: 'Update Details' })).toBeTruthy();
  });

  it('shows Not provided for every empty field of a saved record', () => {
    renderWithApp(
      <ContactDetailsCard details={{ ...SAVED, phone: '', whatsapp: '', address: [] }} onSaved={refresh} />,
    );
    for (const label of ['Phone', 'Email', 'WhatsApp link', 'Address']) expect(shownValue(label)).toBe('Not provided');
  });

  it('adds and removes address lines but always keeps one, hiding remove on the last', async () => {
    renderWithApp(<ContactDetailsCard details={null} onSaved={refresh} />);
    const { user, dialog } = await openEditor('Add Details');
    const removeButtons = () => within(dialog).queryAllByRole('button', { name: /^Remove address line/ });
    expect(removeButtons()).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Address line 1'), 'Dock 4');
    await user.click(within(dialog).getByRole('button', { name: 'Add address line' }));
    await user.type(within(dialog).getByLabelText('Address line 2'), 'Harbor Road');
    await user.click(within(dialog).getByRole('button', { name: 'Add address line' }));
    expect(removeButtons().map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove address line 1',
      'Remove address line 2',
      'Remove address line 3',
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Remove address line 1' }));
    expect((within(dialog).getByLabelText('Address line 1') as HTMLInputElement).value).toBe('Harbor Road');
    await user.click(within(dialog).getByRole('button', { name: 'Remove address line 2' }));
    expect(within(dialog).queryByLabelText('Address line 2')).toBeNull();
    expect((within(dialog).getByLabelText('Address line 1') as HTMLInputElement).value).toBe('Harbor Road');
    expect(removeButtons()).toHaveLength(0);
  });

  it('refuses an e-mail or WhatsApp link the server would refuse, before sending', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no request expected')));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithApp(<ContactDetailsCard details={null} onSaved={refresh} />);
    const { user, dialog } = await openEditor('Add Details');
    await user.type(within(dialog).getByLabelText('Email'), 'desk');
    await user.type(within(dialog).getByLabelText('WhatsApp link'), 'wa.me/15550100');
    await user.click(within(dialog).getByRole('button', { name: 'Save Details' }));
    expect(await within(dialog).findByText('Invalid email address')).toBeTruthy();
    expect(within(dialog).getByText('WhatsApp link must start with https://')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
