import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { SiteContent } from '@waybill/domain';
import type { ReactElement } from 'react';
import { type PageContext, PageContextProvider } from '../src/lib/site-content.tsx';
import { theme } from '../src/lib/theme.ts';

export const TEST_COMPANY: SiteContent['company'] = {
  name: 'Waybill',
  email: 'support@waybill.example',
  phone: '+1 (555) 123-4567',
  address: '100 Harbor Way, Oakland',
  hours: 'Mon–Fri 8:00–18:00',
  whatsapp: 'https://wa.me/15551234567',
};

/** A part of a server-rendered public page, with the page's context (its address and content). */
export function renderPageForTest(
  ui: ReactElement,
  {
    path = '/',
    content = {} as Partial<SiteContent>,
    search = '',
    tracking,
  }: { path?: string; content?: Partial<SiteContent>; search?: string; tracking?: PageContext['tracking'] } = {},
) {
  const full: SiteContent = {
    plan: null,
    details: null,
    company: TEST_COMPANY,
    year: 2026,
    notifyCustomers: true,
    ...content,
  };
  return render(
    <MantineProvider theme={theme}>
      <PageContextProvider value={{ path, search: new URLSearchParams(search), content: full, tracking }}>
        {ui}
      </PageContextProvider>
    </MantineProvider>,
  );
}
