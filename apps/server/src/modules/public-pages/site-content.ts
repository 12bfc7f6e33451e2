import type { CompanySettings, SiteContent, TextOffer } from '@waybill/domain';
import type { Database } from '../../db/client.ts';
import { listContactDetails } from '../company-details/company-details.service.ts';
import { getNotificationSettings } from '../mail/mail.service.ts';
import { listPlans } from '../plans/plans.service.ts';

/**
 * What the public pages show now: the saved plan and contact details (the first of each), the company
 * settings, the year, whether customers are notified and which texts are offered (what the pages may
 * promise and offer).
 */
export async function loadSiteContent(
  db: Database,
  company: CompanySettings,
  now = new Date(),
  texts: TextOffer | null = null,
): Promise<SiteContent> {
  const [plans, details, notifications] = await Promise.all([
    listPlans(db),
    listContactDetails(db),
    getNotificationSettings(db),
  ]);
  return {
    plan: plans[0] ?? null,
    details: details[0] ?? null,
    company,
    year: now.getFullYear(),
    notifyCustomers: notifications.notifyCustomers,
    texts,
  };
}
