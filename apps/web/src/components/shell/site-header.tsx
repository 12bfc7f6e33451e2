import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandLink } from './brand-link.tsx';
import { ColourModeToggle } from './colour-mode-toggle.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import classes from './shell.module.css';

/** The fixed top bar: brand, the eight routes (a burger menu below md) and the colour mode toggle. */
export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const { pathname } = useLocation();
  // Back/forward while the menu is open must not leave it covering the new page.
  useEffect(() => {
    if (pathname) menu.close();
  }, [pathname, menu.close]);

  return (
    <div className={classes.header}>
      <BrandLink />
      <Group gap={2} component="nav" aria-label="Main" visibleFrom="md" wrap="nowrap">
        {NAV_ITEMS.map((item) => (
          <NavLink key={item.to} to={item.to} end className={classes.navLink}>
            {item.label}
          </NavLink>
        ))}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <ColourModeToggle />
        <Burger opened={menuOpened} onClick={menu.toggle} hiddenFrom="md" aria-label="Open navigation" />
      </Group>
      <MobileMenu opened={menuOpened} onClose={menu.close} />
    </div>
  );
}
