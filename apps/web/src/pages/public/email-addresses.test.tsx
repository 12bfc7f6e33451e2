import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPageForTest, TEST_COMPANY } from '../../../test/render-page-for-test.tsx';
import { QuickActions } from './contact/quick-actions.tsx';
import { ReadyToShip } from './home/ready-to-ship.tsx';
import { ContactOptions } from './support/contact-options.tsx';

const DETAILS = {
  companyName: 'Waybill',
  phone: TEST_COMPANY.phone,
  email: TEST_COMPANY.email,
  addressLines: [],
  hours: '',
  whatsapp: '',
};

// Every place of the public site that writes the company's e-mail address.
const PLACES: [string, ReactElement][] = [
  ['the home page', <ReadyToShip key="home" />],
  ['the contact quick actions', <QuickActions key="contact" details={DETAILS} />],
  ['the support page', <ContactOptions key="support" />],
];

describe('E-mail addresses on the public pages', () => {
  it.each(PLACES)('break after the @ and at dots only on %s', (_place, ui) => {
    renderPageForTest(ui);
    const link = screen.getAllByRole('link').find((a) => a.getAttribute('href') === `mailto:${TEST_COMPANY.email}`)!;
    expect(link.textContent).toContain('support@waybill.example');
    expect(link.innerHTML).toContain('support@<wbr>waybill<wbr>.example');
  });
});
