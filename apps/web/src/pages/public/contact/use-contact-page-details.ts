import { resolveAddressLines, resolveContactChannels, resolveWhatsappLink } from '@waybill/domain';
import { useSiteContent } from '../../../lib/site-content.tsx';

export interface ContactPageDetails {
  companyName: string;
  phone: string;
  email: string;
  addressLines: string[];
  hours: string;
  /** The saved WhatsApp link, else the company's. */
  whatsapp: string;
}

/**
 * What the contact page shows: the company settings (COMPANY_*), with the operator's saved contact
 * details taking precedence for phone, e-mail, address and WhatsApp (the rules in the domain).
 */
export function useContactPageDetails(): ContactPageDetails {
  const content = useSiteContent();
  return {
    companyName: content.company.name,
    ...resolveContactChannels(content),
    addressLines: resolveAddressLines(content),
    hours: content.company.hours,
    whatsapp: resolveWhatsappLink(content),
  };
}
