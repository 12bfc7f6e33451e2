/** The eight navigation routes of SPEC §2, in menu order. */
export const NAV_ITEMS = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Services', to: '/services' },
  { label: 'About', to: '/about' },
  { label: 'Track Package', to: '/track' },
  { label: 'Get Started', to: '/create' },
  { label: 'Help Center', to: '/support' },
  { label: 'Contact Us', to: '/contact' },
] as const;
