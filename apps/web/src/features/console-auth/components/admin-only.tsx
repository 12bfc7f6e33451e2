import { Anchor, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ADMIN_ONLY } from '@waybill/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useSession } from '../api/get-session.ts';

/** The server's own words for an operator on an admin route (403). */

/**
 * A screen only admins use: an operator who opens its address (a bookmark, a shared link) gets a plain
 * explanation instead of a page whose every request the server refuses.
 */
export function AdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const session = useSession();
  if (session.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking your role" />
      </Center>
    );
  }
  if (session.data?.role === 'admin') return children;
  return (
    <Container size="sm" py={{ base: 'lg', md: 60 }}>
      <Stack align="center" ta="center" gap="sm">
        <IconLock size={40} stroke={1.6} aria-hidden />
        <Title order={1} size="h2">
          {ADMIN_ONLY}
        </Title>
        <Text>Only the console's admins manage {lowerFirst(what)}. Ask an admin if you need a change there.</Text>
        <Anchor component={Link} to="/">
          Back to packages
        </Anchor>
      </Stack>
    </Container>
  );
}

/** "The team" → "the team", to sit inside a sentence (one word or several, singular or plural alike). */
function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
