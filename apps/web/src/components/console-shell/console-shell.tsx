import { ActionIcon, AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconLogout } from '@tabler/icons-react';
import type { OperatorRole } from '@waybill/domain';
import { type ReactNode, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ConsoleColourModeToggle } from '../shell/colour-mode-toggle.tsx';
import { ConsoleBrand } from './console-brand.tsx';
import { ConsoleDrawer } from './console-drawer.tsx';
import { navItemsFor } from './console-nav-items.ts';
import classes from './console-shell.module.css';

interface ConsoleShellProps {
  operatorEmail: string | undefined;
  /** Hides the screens only admins can use from operators. */
  role: OperatorRole | undefined;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}

/** The signed-in console frame: a top bar with the screens and Sign out (a burger and drawer below md). */
export function ConsoleShell({ operatorEmail, role, onSignOut, signingOut, children }: ConsoleShellProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const navItems = navItemsFor(role);
  // Back/forward while the drawer is open must not leave it covering the new screen.
  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <div className={classes.header}>
          <Group gap="xs" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="lg" aria-label="Open navigation" />
            <ConsoleBrand />
          </Group>
          <Group gap={2} component="nav" aria-label="Console" visibleFrom="lg" wrap="nowrap">
            {navItems.map((item) => (
              <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                {item.label}
              </NavLink>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ConsoleColourModeToggle />
            <ActionIcon
              component={Link}
              to="/password"
              variant="default"
              size="lg"
              visibleFrom="lg"
              aria-label="Change password"
              title="Change password"
            >
              <IconKey size={18} aria-hidden />
            </ActionIcon>
            <Button
              variant="default"
              visibleFrom="lg"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={onSignOut}
              loading={signingOut}
              title={operatorEmail ? `Signed in as ${operatorEmail}` : undefined}
            >
              Sign out
            </Button>
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
      <ConsoleDrawer
        opened={drawerOpened}
        onClose={drawer.close}
        operatorEmail={operatorEmail}
        navItems={navItems}
        onSignOut={onSignOut}
        signingOut={signingOut}
      />
    </AppShell>
  );
}
