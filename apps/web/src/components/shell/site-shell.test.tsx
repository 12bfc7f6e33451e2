import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render-with-app.tsx';
import { SiteShell } from './site-shell.tsx';

describe('SiteShell', () => {
  it('hides the WhatsApp button while its link is not known yet', () => {
    renderWithApp(
      <SiteShell whatsappLink={undefined}>
        <h1>Page</h1>
      </SiteShell>,
    );
    expect(screen.queryByRole('link', { name: 'Chat with us on WhatsApp' })).toBeNull();
  });

  it('links the WhatsApp button to the saved link in a new tab', () => {
    renderWithApp(
      <SiteShell whatsappLink="https://wa.me/15551234567">
        <h1>Page</h1>
      </SiteShell>,
    );
    const button = screen.getByRole('link', { name: 'Chat with us on WhatsApp' });
    expect(button.getAttribute('href')).toBe('https://wa.me/15551234567');
    expect(button.getAttribute('target')).toBe('_blank');
    expect(button.getAttribute('rel')).toContain('noopener');
  });

  it('offers the eight navigation routes, the colour mode toggle, the burger and the footer groups', () => {
    renderWithApp(
      <SiteShell whatsappLink={undefined}>
        <h1>Page</h1>
      </SiteShell>,
      { path: '/pricing' },
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
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
    expect(within(nav).getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Toggle colour mode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open navigation' })).toBeTruthy();
    for (const group of ['Services', 'Company', 'Support']) {
      expect(screen.getByRole('navigation', { name: group })).toBeTruthy();
    }
  });
});
