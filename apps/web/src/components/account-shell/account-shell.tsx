import { AppShell, Burger, Button, Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingStore, IconLogout } from '@tabler/icons-react';
import type { AccountRole } from '@waybill/domain';
import { Fragment, type ReactNode, useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ConsoleColourModeToggle } from '../shell/colour-mode-toggle.tsx';
import { type AccountNavGroup, navGroupsFor } from './account-nav-items.ts';
import classes from './account-shell.module.css';

interface AccountShellProps {
  company: string;
  email: string;
  role: AccountRole;
  onSignOut: () => void;
  signingOut: boolean;
  children: ReactNode;
}

function Brand({ company, onClick }: { company: string; onClick?: () => void }) {
  return (
    <Link to="/" className={classes.brand} aria-label={`${company}, shipments`} onClick={onClick}>
      <IconBuildingStore size={28} stroke={1.8} color="var(--mantine-primary-color-filled)" aria-hidden />
      <Text component="span" fw={800} truncate maw={{ base: '10rem', xs: '16rem' }}>
        {company}
      </Text>
    </Link>
  );
}

/** The groups of the navigation, a divider between each: in the top bar, or stacked in the drawer. */
function NavGroups({
  groups,
  drawer = false,
  onNavigate,
}: {
  groups: AccountNavGroup[];
  drawer?: boolean;
  onNavigate?: () => void;
}) {
  return groups.map((group, index) => {
    const links = group.items.map((item) => (
      <NavLink
        key={item.to}
        to={item.to}
        end={item.to === '/'}
        className={drawer ? classes.drawerLink : classes.navLink}
        onClick={onNavigate}
      >
        {item.label}
      </NavLink>
    ));
    // A group of links inside the one nav landmark (not a form's fieldset), named for screen readers.
    const named = { role: 'group', 'aria-label': group.label } as const;
    return (
      <Fragment key={group.label}>
        {index > 0 ? <Divider orientation={drawer ? 'horizontal' : 'vertical'} my={drawer ? 'xs' : undefined} /> : null}
        {drawer ? (
          <Stack gap={4} {...named}>
            {links}
          </Stack>
        ) : (
          <Group gap={2} wrap="nowrap" {...named}>
            {links}
          </Group>
        )}
      </Fragment>
    );
  });
}

/** The signed-in portal frame: a top bar with the screens and Sign out (a burger and drawer below md). */
export function AccountShell({ company, email, role, onSignOut, signingOut, children }: AccountShellProps) {
  const [drawerOpened, drawer] = useDisclosure(false);
  const { pathname } = useLocation();
  const groups = navGroupsFor(role);
  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);

  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <div className={classes.header}>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger opened={drawerOpened} onClick={drawer.toggle} hiddenFrom="md" aria-label="Open navigation" />
            <Brand company={company} />
          </Group>
          <Group gap="xs" component="nav" aria-label="Account" visibleFrom="md" wrap="nowrap">
            <NavGroups groups={groups} />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ConsoleColourModeToggle />
            <Button
              variant="default"
              visibleFrom="md"
              leftSection={<IconLogout size={18} aria-hidden />}
              onClick={onSignOut}
              loading={signingOut}
              title={`Signed in as ${email}`}
            >
              Sign out
            </Button>
          </Group>
        </div>
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size="min(20rem, 85vw)"
        title={<Brand company={company} onClick={drawer.close} />}
        closeButtonProps={{ 'aria-label': 'Close navigation', size: 'lg' }}
        hiddenFrom="md"
      >
        <nav aria-label="Account">
          <NavGroups groups={groups} drawer onNavigate={drawer.close} />
        </nav>
        <Divider my="md" />
        <Text size="sm" c="dimmed" mb="sm">
          Signed in as {email}
        </Text>
        <Button
          variant="default"
          leftSection={<IconLogout size={18} aria-hidden />}
          onClick={onSignOut}
          loading={signingOut}
          fullWidth
        >
          Sign out
        </Button>
      </Drawer>
    </AppShell>
  );
}
