import { DEFAULT_PHONE } from './constants.ts';
import type { CompanySettings, Plan, SavedContactDetails } from './schemas/settings.ts';
import type { TextOffer } from './schemas/texts.ts';
import type { TrackResult } from './schemas/tracking.ts';

/**
 * The public pages. The server renders each to HTML (the web build's page renderer, with the current
 * plan and contact details) and keeps the result until those change; every other path outside the
 * console and the API gets the not-found page. `/0` is the home page under a second address (SPEC's
 * navigation keeps it). `/track/{code}` is the tracking page with one code's answer.
 */
export const PRERENDERED_PATHS = [
  '/',
  '/0',
  '/pricing',
  '/services',
  '/about',
  '/track',
  '/create',
  '/support',
  '/contact',
  '/request-account',
  '/thank-you',
] as const;

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/** What the public pages show that operators or the environment change: read on the server at render time. */
export interface SiteContent {
  /** The saved plan (the first of the list, SPEC §3), null when none is saved. */
  plan: Plan | null;
  /** The saved contact details (the first record), null when none are saved. */
  details: SavedContactDetails | null;
  /** The company settings of the server (COMPANY_*). */
  company: CompanySettings;
  /** This year on the server's clock (the footer's copyright, years in business). */
  year: number;
  /**
   * Whether customers are e-mailed when their package is accepted, changes status and is delivered
   * (the console's notification setting): the pages promise those e-mails only while it is on.
   */
  notifyCustomers: boolean;
  /** The text updates the pages may offer (a provider is configured: SMS_PROVIDER), null for none. */
  texts?: TextOffer | null | undefined;
}

/** One code's tracking page (`/track/{code}`): the answer, or the message of why there is none. */
export interface TrackingPageData {
  code: string;
  result: TrackResult | null;
  /** The server's message when the code could not be tracked (unknown code): shown as a Tracking Error toast. */
  error: string | null;
}

/** What the server asks the web build's page renderer for. */
export interface PageRequest {
  /** The public path (one of PRERENDERED_PATHS, or `/track/{code}`); any other renders the not-found page. */
  path: string;
  /** The query string without `?` (only /track reads it: `codes=`). */
  search: string;
  content: SiteContent;
  tracking?: TrackingPageData;
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

/** The module the web build writes for the server (`dist/.ssr/render-page.mjs`). */
export interface PageRendererModule {
  /** `assets`: the web build's own file (`dist/.ssr/assets.json`), read by the server and handed over as is. */
  createPageRenderer(assets: unknown): { render(request: PageRequest): RenderedPage };
}

export interface ContactChannels {
  phone: string;
  email: string;
}

/** Phone and e-mail to show: the saved contact details first, then the company settings, then DEFAULT_PHONE. */
export function resolveContactChannels({
  details,
  company,
}: Pick<SiteContent, 'details' | 'company'>): ContactChannels {
  return { phone: details?.phone || company.phone || DEFAULT_PHONE, email: details?.email || company.email || '' };
}

/** The WhatsApp chat link: the one an operator saved, else the company's own (COMPANY_WHATSAPP). */
export function resolveWhatsappLink({ details, company }: Pick<SiteContent, 'details' | 'company'>): string {
  return details?.whatsapp || company.whatsapp || '';
}

/** The address lines to show: the saved ones (blank lines dropped), else the company's address. */
export function resolveAddressLines({ details, company }: Pick<SiteContent, 'details' | 'company'>): string[] {
  const saved = (details?.address ?? []).map((line) => line.trim()).filter(Boolean);
  if (saved.length > 0) return saved;
  return company.address ? [company.address] : [];
}
