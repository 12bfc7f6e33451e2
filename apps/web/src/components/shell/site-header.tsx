import { Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { BrandLink } from './brand-link.tsx';
import { ColourModeToggle } from './colour-mode-toggle.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import classes from './shell.module.css';

// The drawer (focus trap, scroll lock, transitions: ~30 KB gzipped) is only needed once a phone user
// taps the burger, so it loads then (or when the burger is pointed at or focused), not with the page.
const loadMobileMenu = () => import('./mobile-menu.tsx');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/** The fixed top bar: brand, the eight routes (a burger menu below md) and the colour mode toggle. */
export function SiteHeader() {
  const [menuOpened, menu] = useDisclosure(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const preloadMenu = () => void loadMobileMenu();
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
        <Burger
          opened={menuOpened}
          onClick={() => {
            setMenuWanted(true);
            menu.toggle();
          }}
          onPointerEnter={preloadMenu}
          onFocus={preloadMenu}
          hiddenFrom="md"
          aria-label="Open navigation"
        />
      </Group>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpened} onClose={menu.close} />
        </Suspense>
      )}
    </div>
  );
}
