import { Burger, Group } from '@mantine/core';
import { BrandLink } from './brand-link.tsx';
import { ColourModeToggle } from './colour-mode-toggle.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';
import classes from './shell.module.css';
import { SiteMenu } from './site-menu.tsx';
import { WhatsAppButton } from './whatsapp-button.tsx';

/**
 * The fixed top bar: brand, the eight routes (a burger menu below md), the WhatsApp button and the
 * colour mode toggle. `whatsapp`: the chat link, '' for none.
 */
export function SiteHeader({ path, whatsapp }: { path: string; whatsapp: string }) {
  return (
    <div className={classes.header}>
      <BrandLink />
      <Group gap={2} component="nav" aria-label="Main" visibleFrom="md" wrap="nowrap" className={classes.nav}>
        {NAV_ITEMS.map((item) => (
          <NavLink key={item.to} to={item.to} path={path} className={classes.navLink}>
            {item.label}
          </NavLink>
        ))}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <WhatsAppButton link={whatsapp} />
        <ColourModeToggle />
        <Burger
          opened={false}
          hiddenFrom="md"
          aria-label="Open navigation"
          aria-haspopup="dialog"
          aria-controls="site-menu"
          aria-expanded={false}
          data-menu-open
        />
      </Group>
      <SiteMenu path={path} />
    </div>
  );
}
