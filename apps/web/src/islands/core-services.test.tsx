import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderForTest } from '../../test/render-for-test.tsx';
import { renderPageForTest } from '../../test/render-page-for-test.tsx';
import { SiteShell } from '../components/shell/site-shell.tsx';
import CoreServiceTabs from './core-services.tsx';

afterEach(() => window.history.replaceState(null, '', '/'));

const selected = () => screen.getByRole('tab', { selected: true }).textContent;

describe('Core services tabs', () => {
  it('opens the tab each footer service link names', () => {
    renderPageForTest(
      <SiteShell>
        <h1>Page</h1>
      </SiteShell>,
      {},
    );
    const footer = screen.getByRole('contentinfo');
    const hrefs = ['Express Delivery', 'International', 'Freight Services'].map((name) =>
      within(footer).getByRole('link', { name }).getAttribute('href'),
    );
    cleanup();
    const opened = hrefs.map((href) => {
      window.history.replaceState(null, '', href);
      renderForTest(<CoreServiceTabs />);
      const tab = selected();
      cleanup();
      return tab;
    });
    expect(opened).toEqual(['Express', 'International', 'Freight']);
  });

  it('follows a change of address on the same page', async () => {
    window.history.replaceState(null, '', '/services');
    renderForTest(<CoreServiceTabs />);
    expect(selected()).toBe('Express');
    await act(async () => {
      window.location.hash = 'freight';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(selected()).toBe('Freight');
  });
});
