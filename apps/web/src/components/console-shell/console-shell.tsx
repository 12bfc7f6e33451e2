import { AppShell, Burger, Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { NavLink, useLocation } from 'react-router';
import { ColourModeToggle } from '../shell/colour-mode-toggle.tsx';
import { ConsoleBrand } from './console-brand.tsx';
import { ConsoleDrawer } from './console-drawer.tsx';
import { CONSOLE_NAV_ITEMS } from './console-nav-items.ts';
import classes from './console-shell.module.css';

interface ConsoleShellProps {
  operatorEmail: string | undefined;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}

/** The signed-in console frame: a top bar with the screens and Sign out (a burger and drawer below md). */
export function ConsoleShell({ operatorEmail, onSignOut, signingOut, children }: ConsoleShellProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  // Back/forward while the drawer is open must not leave it covering the new screen.
  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <div className={classes.header}>
          <Group gap="xs" wrap="nowrap">
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="md" aria-label="Open navigation" />
            <ConsoleBrand />
          </Group>
          <Group gap={2} component="nav" aria-label="Console" visibleFrom="md" wrap="nowrap">
            {CONSOLE_NAV_ITEMS.map((item) => (
              <NavLink key={item.to} to={item.to} end className={classes.navLink}>
                {item.label}
              </NavLink>
            ))}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColourModeToggle />
            <Button
              variant="default"
              visibleFrom="md"
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
        onSignOut={onSignOut}
        signingOut={signingOut}
      />
    </AppShell>
  );
}
