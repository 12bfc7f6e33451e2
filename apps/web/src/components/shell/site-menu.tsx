import { CloseButton, Stack } from '@mantine/core';
import { BrandLink } from './brand-link.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';
import classes from './shell.module.css';

/**
 * Below the md breakpoint: the navigation as a full-screen panel sliding in from the right, a modal
 * <dialog> that the burger opens (app/shell-behaviour.ts); closed, it is not shown nor announced.
 */
export function SiteMenu({ path }: { path: string }) {
  return (
    <dialog id="site-menu" className={classes.menu} aria-label="Site menu">
      <div className={classes.menuHeader}>
        <BrandLink />
        <CloseButton size="lg" aria-label="Close navigation" data-menu-close />
      </div>
      <nav aria-label="Main">
        <Stack gap={4}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} path={path} className={classes.mobileLink}>
              {item.label}
            </NavLink>
          ))}
        </Stack>
      </nav>
    </dialog>
  );
}
