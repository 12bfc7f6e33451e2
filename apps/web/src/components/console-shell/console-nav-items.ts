/** The console's screens, relative to its prefix (the router's basename). */
export const CONSOLE_NAV_ITEMS = [
  { label: 'Packages', to: '/' },
  { label: 'Scan', to: '/scan' },
  { label: 'Plan', to: '/plan' },
  { label: 'Send Mail', to: '/contact' },
  { label: 'Inbox', to: '/inbox' },
] as const;
