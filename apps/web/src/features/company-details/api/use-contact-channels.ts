import { DEFAULT_PHONE } from '@waybill/domain';
import { useCompany } from './get-company.ts';
import { useContactDetails } from './get-contact-details.ts';

export interface ContactChannels {
  phone: string;
  email: string;
  /** False until both answers are in: show a placeholder rather than a value that may change. */
  ready: boolean;
}

/** Phone and e-mail to show: saved contact details first, then the company settings, then DEFAULT_PHONE. */
export function useContactChannels(): ContactChannels {
  const details = useContactDetails();
  const company = useCompany();
  const ready = !details.isPending && !company.isPending;
  const phone = details.data?.phone || company.data?.phone || DEFAULT_PHONE;
  const email = details.data?.email || company.data?.email || '';
  return { phone, email, ready };
}
