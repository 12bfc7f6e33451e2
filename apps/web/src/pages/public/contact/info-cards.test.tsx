import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForTest } from '../../../../test/render-for-test.tsx';
import { InfoCards } from './info-cards.tsx';

const DETAILS = {
  companyName: 'Waybill Couriers',
  phone: '+1 555 010 0000',
  email: 'hello@waybill.example',
  addressLines: ['1 Harbour Road'],
  hours: 'Mon–Fri 8:00–18:00, Sat 9:00–13:00',
  whatsapp: '',
};

describe('Contact info cards', () => {
  it('says nothing about the company being open at any hour beside its configured hours', () => {
    renderForTest(<InfoCards details={DETAILS} />);
    const hours = screen.getByRole('heading', { name: 'Business Hours' }).parentElement!;
    expect(within(hours).getByText('Mon–Fri 8:00–18:00')).toBeTruthy();
    expect(within(hours).getByText('Sat 9:00–13:00')).toBeTruthy();
    const text = screen.getByRole('heading', { name: 'How to reach us' }).closest('section')?.textContent ?? '';
    expect(text).toContain('Business Hours');
    expect(text).not.toMatch(/around the clock|day or night|24\/7/i);
  });

  it('breaks a long e-mail address only after its @', () => {
    renderForTest(<InfoCards details={DETAILS} />);
    const link = screen.getByRole('link', { name: 'hello@waybill.example' });
    expect(link.innerHTML).toContain('hello@<wbr>waybill<wbr>.example');
  });
});
