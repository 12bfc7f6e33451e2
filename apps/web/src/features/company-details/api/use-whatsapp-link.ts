import { useCompany } from './get-company.ts';
import { useContactDetails } from './get-contact-details.ts';

/**
 * The WhatsApp chat link: the one an operator saved in the contact details, else the company's own
 * (COMPANY_WHATSAPP, by default the wa.me link of its phone). Undefined until both answers are in, so
 * the button never points at a link that is about to change.
 */
export function useWhatsappLink(): string | undefined {
  const details = useContactDetails();
  const company = useCompany();
  if (details.isPending || company.isPending) return undefined;
  return details.data?.watsapp || company.data?.whatsapp || undefined;
}
