import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPageForTest, TEST_COMPANY } from '../../../test/render-page-for-test.tsx';
import { SiteShell } from './site-shell.tsx';

const shell = (options: Parameters<typeof renderPageForTest>[1]) =>
  renderPageForTest(
    <SiteShell>
      <h1>Page</h1>
    </SiteShell>,
    options,
  );

describe('SiteShell', () => {
  it("links the WhatsApp button to the company's link in a new tab, until an operator saves one", () => {
    shell({});
    const button = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(button.getAttribute('href')).toBe(TEST_COMPANY.whatsapp);
    expect(button.getAttribute('target')).toBe('_blank');
    expect(button.getAttribute('rel')).toContain('noopener');
  });

  it('links the WhatsApp button to the saved link', () => {
    const details = { _id: 'x', phone: '', email: '', whatsapp: 'https://wa.me/447700900123', address: [] };
    shell({ content: { details } });
    expect(screen.getByRole('link', { name: 'Chat with us on WhatsApp' }).getAttribute('href')).toBe(details.whatsapp);
  });

  it('shows no WhatsApp button when no link is set at all', () => {
    shell({ content: { company: { ...TEST_COMPANY, whatsapp: '' } } });
    expect(screen.queryByRole('link', { name: 'Chat with us on WhatsApp' })).toBeNull();
  });

  it('offers the eight navigation routes, the colour mode toggle, the burger and the footer groups', () => {
    shell({ path: '/pricing' });
    // The top bar's list, and the same list in the small screens' menu (a closed dialog).
    const [bar, menu] = screen.getAllByRole('navigation', { name: 'Main', hidden: true });
    for (const nav of [bar!, menu!]) {
      expect(
        within(nav)
          .getAllByRole('link', { hidden: true })
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Home', '/'],
        ['Pricing', '/pricing'],
        ['Services', '/services'],
        ['About', '/about'],
        ['Track Package', '/track'],
        ['Get Started', '/create'],
        ['Help Center', '/support'],
        ['Contact Us', '/contact'],
      ]);
      const current = within(nav)
        .getAllByRole('link', { hidden: true })
        .filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual(['Pricing']);
    }
    expect(screen.getByRole('button', { name: 'Toggle colour mode' }).hasAttribute('data-colour-toggle')).toBe(true);
    // jsdom applies the stylesheet's media rules at its 1024 px window, where the burger is hidden and so
    // has no accessible name (it shows below 62em: the browser tests open it at 375 px).
    const burger = screen.getByLabelText('Open navigation', { selector: 'button' });
    expect(burger.getAttribute('aria-controls')).toBe('site-menu');
    expect(document.getElementById('site-menu')?.tagName).toBe('DIALOG');
    for (const group of ['Services', 'Company', 'Support']) {
      expect(screen.getByRole('navigation', { name: group })).toBeTruthy();
    }
    expect(screen.getByText('© 2026 Waybill Logistics. All rights reserved.')).toBeTruthy();
  });
});
