import { Drawer, Stack } from '@mantine/core';
import { NavLink } from 'react-router';
import { BrandLink } from './brand-link.tsx';
import { NAV_ITEMS } from './nav-items.ts';
import classes from './shell.module.css';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
}

/** Below the md breakpoint: the navigation as a full-screen panel sliding in from the right. */
export function MobileMenu({ opened, onClose }: MobileMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="100%"
      title={<BrandLink onClick={onClose} />}
      closeButtonProps={{ 'aria-label': 'Close navigation', size: 'lg' }}
      transitionProps={{ transition: 'slide-left', duration: 200 }}
      hiddenFrom="md"
    >
      <nav aria-label="Main">
        <Stack gap={4}>
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} end className={classes.mobileLink} onClick={onClose}>
              {item.label}
            </NavLink>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}
