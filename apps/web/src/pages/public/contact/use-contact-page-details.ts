import { DEFAULT_PHONE } from '@waybill/domain';
import { useCompany } from '../../../features/company-details/api/get-company.ts';
import { useContactDetails } from '../../../features/company-details/api/get-contact-details.ts';

export interface ContactPageDetails {
  /** False in the prerendered HTML and until both answers are in: show placeholders, never a guess. */
  ready: boolean;
  companyName: string;
  phone: string;
  email: string;
  addressLines: string[];
  hours: string;
  /** The saved WhatsApp link, else the company's. */
  whatsapp: string;
}

/**
 * What the contact page shows: the company settings (GET /api/company), with the operator's saved
 * contact details (GET /api/details) taking precedence for phone, e-mail and address. A call that
 * fails counts as "nothing saved", so the page still shows whatever the other one gave.
 */
export function useContactPageDetails(): ContactPageDetails {
  const details = useContactDetails();
  const company = useCompany();
  const saved = details.data ?? null;
  const settings = company.data;
  const savedAddress = (saved?.address ?? []).map((line) => line.trim()).filter(Boolean);
  return {
    ready: !details.isPending && !company.isPending,
    companyName: settings?.name ?? '',
    phone: saved?.phone || settings?.phone || DEFAULT_PHONE,
    email: saved?.email || settings?.email || '',
    addressLines: savedAddress.length > 0 ? savedAddress : settings?.address ? [settings.address] : [],
    hours: settings?.hours ?? '',
    whatsapp: saved?.watsapp || settings?.whatsapp || '',
  };
}
