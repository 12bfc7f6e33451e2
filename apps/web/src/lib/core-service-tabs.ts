/** The services page's three core-service tabs, by the name their addresses use. */
const CORE_SERVICE_TABS = ['express', 'international', 'freight'] as const;
export type CoreServiceTab = (typeof CORE_SERVICE_TABS)[number];

/** The address that opens a core service's tab: /services#freight opens Freight. */
export const coreServicePath = (tab: CoreServiceTab) => `/services#${tab}`;

/** The core-service tab an address's hash names ("#freight"), if any. */
export function coreServiceFromHash(hash: string): CoreServiceTab | undefined {
  const name = hash.replace(/^#/, '');
  return CORE_SERVICE_TABS.find((tab) => tab === name);
}
