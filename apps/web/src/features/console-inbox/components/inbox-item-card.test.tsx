import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxItem } from '@waybill/domain';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../../test/render-with-app.tsx';
import { InboxItemCard } from './inbox-item-card.tsx';

const base = {
  _id: '6f1c1d52-0c55-4e6a-9a55-0d5c1b1e2f30',
  state: 'new',
  createdAt: '2026-11-20T09:30:00.000Z',
} as const;

const support: InboxItem = {
  ...base,
  kind: 'support',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+1 (555) 010-0001',
  subject: 'Parcel is late',
  category: 'tracking',
  priority: 'urgent',
  message: 'It has not moved\nfor three days.',
};

function renderCard(item: InboxItem) {
  const toggled: InboxItem[] = [];
  renderWithApp(<InboxItemCard item={item} onToggleState={(it) => toggled.push(it)} pending={false} />);
  return { toggled, card: screen.getByRole('article') };
}

describe('InboxItemCard', () => {
  it('shows a support request with its subject, category, priority and a mailto link', async () => {
    const { toggled, card } = renderCard(support);
    expect(screen.getByRole('article', { name: 'Ada Lovelace' })).toBe(card);
    expect(within(card).getByText('Support request')).toBeTruthy();
    expect(within(card).getByText('New')).toBeTruthy();
    expect(within(card).getByText('Parcel is late')).toBeTruthy();
    expect(within(card).getByText('Tracking')).toBeTruthy();
    expect(within(card).getByText('Urgent priority')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      'mailto:ada@example.com',
    );
    expect(within(card).getByRole('link', { name: '+1 (555) 010-0001' }).getAttribute('href')).toBe('tel:+15550100001');
    expect(card.querySelector('time')?.getAttribute('dateTime')).toBe(base.createdAt);

    await userEvent.click(
      within(card).getByRole('button', { name: 'Mark as handled: support request from Ada Lovelace' }),
    );
    expect(toggled).toEqual([support]);
  });

  it('shows an account request with its company and place, and offers to mark a handled item new', () => {
    const { card } = renderCard({
      ...base,
      state: 'handled',
      kind: 'account',
      name: 'Obi',
      email: 'obi@example.com',
      phone: '+234 801',
      company: 'Obi Logistics',
      address: '12 Marina',
      city: 'Lagos',
      country: 'Nigeria',
    });
    for (const text of ['Account request', 'Handled', 'Obi Logistics', '12 Marina', 'Lagos', 'Nigeria'])
      expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Mark as new: account request from Obi' })).toBeTruthy();
  });

  it('offers Approve and Decline on a new account request only, naming whose it is', async () => {
    const request: InboxItem = {
      ...base,
      kind: 'account',
      name: 'Obi',
      email: 'obi@example.com',
      company: 'Obi Logistics',
    };
    const decided: string[] = [];
    renderWithApp(
      <InboxItemCard
        item={request}
        onToggleState={() => {}}
        pending={false}
        onDecide={(item, decision) => decided.push(`${decision} ${item.name}`)}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve the account request from Obi' }));
    await userEvent.click(screen.getByRole('button', { name: 'Decline the account request from Obi' }));
    expect(decided).toEqual(['approve Obi', 'decline Obi']);
  });

  it('offers no decision on a support request or a handled account request', () => {
    renderWithApp(<InboxItemCard item={support} onToggleState={() => {}} pending={false} onDecide={() => {}} />);
    renderWithApp(
      <InboxItemCard
        item={{ ...base, state: 'handled', kind: 'account', name: 'Obi', email: 'obi@example.com' }}
        onToggleState={() => {}}
        pending={false}
        onDecide={() => {}}
      />,
    );
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Decline/ })).toBeNull();
  });

  it('says what is missing from a blank contact message and links no e-mail that is not one', () => {
    const { card } = renderCard({ ...base, kind: 'contact', name: '', email: '739154' });
    expect(screen.getByRole('article', { name: 'No name given' })).toBe(card);
    expect(within(card).getByText('739154')).toBeTruthy();
    expect(within(card).queryByRole('link')).toBeNull();
    expect(within(card).getByText('No message written.')).toBeTruthy();
    expect(
      within(card).getByRole('button', { name: 'Mark as handled: contact message from No name given' }),
    ).toBeTruthy();
  });
});
