import { Button, Divider, Drawer, Stack, Text } from '@mantine/core';
import { IconKey, IconLogout } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { ConsoleBrand } from './console-brand.tsx';
import type { navItemsFor } from './console-nav-items.ts';
import classes from './console-shell.module.css';

interface ConsoleDrawerProps {
  opened: boolean;
  onClose: () => void;
  operatorEmail: string | undefined;
  navItems: ReturnType<typeof navItemsFor>;
  onSignOut: () => void;
  signingOut: boolean;
}

/** Below the md breakpoint: the console navigation and Sign out in a full-height panel from the left. */
export function ConsoleDrawer({ opened, onClose, operatorEmail, navItems, onSignOut, signingOut }: ConsoleDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="min(20rem, 85vw)"
      title={<ConsoleBrand onClick={onClose} />}
      closeButtonProps={{ 'aria-label': 'Close navigation', size: 'lg' }}
      hiddenFrom="lg"
    >
      <nav aria-label="Console">
        <Stack gap={4}>
          {navItems.map((item) => (
            <NavLink key={item.to} to={item.to} end className={classes.drawerLink} onClick={onClose}>
              {item.label}
            </NavLink>
          ))}
        </Stack>
      </nav>
      <Divider my="md" />
      {operatorEmail ? (
        <Text size="sm" c="dimmed" mb="sm">
          Signed in as {operatorEmail}
        </Text>
      ) : null}
      <Button
        component={Link}
        to="/password"
        variant="default"
        leftSection={<IconKey size={18} aria-hidden />}
        onClick={onClose}
        fullWidth
        mb="xs"
      >
        Change password
      </Button>
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
  );
}
