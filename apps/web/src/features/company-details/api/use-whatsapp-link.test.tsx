import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { CompanySettings, ContactDetails } from '@waybill/domain';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useWhatsappLink } from './use-whatsapp-link.ts';

const COMPANY: CompanySettings = {
  name: 'Waybill',
  email: 'support@waybill.example',
  phone: '+1 (555) 123-4567',
  address: '100 Harbor Way, Oakland',
  hours: 'Mon–Fri 8:00–18:00',
  whatsapp: 'https://wa.me/15551234567',
};

/** The server answers /api/company with COMPANY and /api/details with `details`. */
function serve(details: ContactDetails[] | (() => Response)) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      if (path === '/api/company') return Response.json(COMPANY);
      return typeof details === 'function' ? details() : Response.json(details);
    }),
  );
}

function renderLink() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useWhatsappLink(), { wrapper });
}

afterEach(() => vi.unstubAllGlobals());

describe('useWhatsappLink', () => {
  it("gives the company's link on a fresh install, with no contact details saved", async () => {
    serve([]);
    const { result } = renderLink();
    expect(result.current).toBeUndefined();
    await waitFor(() => expect(result.current).toBe('https://wa.me/15551234567'));
  });

  it('gives the company link when the saved details have no WhatsApp link, or cannot be read', async () => {
    serve([{ _id: 'a', phone: '', email: '', watsapp: '', address: [] }]);
    const saved = renderLink();
    await waitFor(() => expect(saved.result.current).toBe('https://wa.me/15551234567'));
    serve(() => new Response(null, { status: 500 }));
    const failed = renderLink();
    await waitFor(() => expect(failed.result.current).toBe('https://wa.me/15551234567'));
  });

  it('prefers the link an operator saved', async () => {
    serve([{ _id: 'a', phone: '', email: '', watsapp: 'https://wa.me/447700900123', address: [] }]);
    const { result } = renderLink();
    await waitFor(() => expect(result.current).toBe('https://wa.me/447700900123'));
  });
});
