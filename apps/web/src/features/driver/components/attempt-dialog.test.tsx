import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHOOSE_FAILURE_REASON, NOTE_CONTROL } from '@waybill/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { AttemptDialog, type AttemptInput } from './attempt-dialog.tsx';

const REASONS = ['Nobody at home', 'Address not found'];

// jsdom makes no object URLs; the photo's preview asks for one.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} });
});
afterEach(() => {
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

function open() {
  const saved: AttemptInput[] = [];
  const onSave = vi.fn(async (input: AttemptInput) => {
    saved.push(input);
  });
  renderForTest(<AttemptDialog trackingCode="WB7K2M9QX4TP" reasons={REASONS} onClose={() => {}} onSave={onSave} />);
  return { saved, onSave, dialog: screen.getByRole('dialog', { name: 'Could not deliver' }) };
}

describe('the Could not deliver dialog', () => {
  it('saves the reason with an optional note (trimmed, counted) and photo', async () => {
    const user = userEvent.setup();
    const { saved, dialog } = open();
    await user.click(within(dialog).getByRole('radio', { name: 'Nobody at home' }));
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    expect(note.getAttribute('maxlength')).toBe('500');
    await user.type(note, '  Card left  ');
    expect(within(dialog).getByText('Optional, for the office: 13 of 500 characters')).toBeTruthy();
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'door.jpg', { type: 'image/jpeg' });
    await user.upload(within(dialog).getByLabelText('Or choose a photo'), photo);
    expect(await within(dialog).findByRole('img', { name: 'Photo of the attempt' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save attempt' }));
    expect(saved).toEqual([{ reason: 'Nobody at home', note: 'Card left', photo }]);
  });

  it('saves without a note or photo, and asks for the reason first', async () => {
    const user = userEvent.setup();
    const { saved, dialog } = open();
    await user.click(within(dialog).getByRole('button', { name: 'Save attempt' }));
    expect(within(dialog).getByText(CHOOSE_FAILURE_REASON)).toBeTruthy();
    expect(saved).toEqual([]);
    await user.click(within(dialog).getByRole('radio', { name: 'Address not found' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save attempt' }));
    expect(saved).toEqual([{ reason: 'Address not found', note: '', photo: null }]);
  });

  it('refuses a note with a control character, as the server would', async () => {
    const user = userEvent.setup();
    const { saved, dialog } = open();
    await user.click(within(dialog).getByRole('radio', { name: 'Nobody at home' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Note' }), { target: { value: 'Bell\u0007 broken' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save attempt' }));
    expect(within(dialog).getByText(NOTE_CONTROL)).toBeTruthy();
    expect(saved).toEqual([]);
  });
});
