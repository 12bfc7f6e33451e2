import { describe, expect, it } from 'vitest';
import { DEFAULT_PHONE } from './constants.ts';
import { resolveAddressLines, resolveContactChannels, resolveWhatsappLink, type SiteContent } from './public-pages.ts';

const company: SiteContent['company'] = {
  name: 'Waybill',
  email: 'support@waybill.example',
  phone: '+1 (555) 123-4567',
  address: '100 Harbor Way',
  hours: 'Mon–Fri 8:00–18:00',
  whatsapp: 'https://wa.me/15551234567',
};
const details = {
  _id: '7d4c9a4e-0000-4000-8000-000000000000',
  phone: '+44 20 7946 0000',
  email: 'desk@waybill.test',
  whatsapp: 'https://wa.me/442079460000',
  address: ['  1 Dock Road ', '', 'London'],
};

describe('what the public pages show of the contact details', () => {
  it('takes the saved details first, then the company settings, then the default phone', () => {
    expect(resolveContactChannels({ details, company })).toEqual({ phone: details.phone, email: details.email });
    expect(resolveContactChannels({ details: null, company })).toEqual({ phone: company.phone, email: company.email });
    expect(resolveContactChannels({ details: { ...details, phone: '', email: '' }, company })).toEqual({
      phone: company.phone,
      email: company.email,
    });
    expect(resolveContactChannels({ details: null, company: { ...company, phone: '', email: '' } })).toEqual({
      phone: DEFAULT_PHONE,
      email: '',
    });
  });

  it("links WhatsApp to the saved link, else the company's", () => {
    expect(resolveWhatsappLink({ details, company })).toBe(details.whatsapp);
    expect(resolveWhatsappLink({ details: { ...details, whatsapp: '' }, company })).toBe(company.whatsapp);
    expect(resolveWhatsappLink({ details: null, company })).toBe(company.whatsapp);
  });

  it('shows the saved address lines without blank ones, else the company address', () => {
    expect(resolveAddressLines({ details, company })).toEqual(['1 Dock Road', 'London']);
    expect(resolveAddressLines({ details: { ...details, address: [' '] }, company })).toEqual([company.address]);
    expect(resolveAddressLines({ details: null, company: { ...company, address: '' } })).toEqual([]);
  });
});
