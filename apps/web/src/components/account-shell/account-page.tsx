import { Container, Group, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of every portal screen: one width and padding, the screen's title and its actions beside it. */
export function AccountPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Container size="lg" pt={{ base: 'md', md: 'lg' }} pb="xl" px={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Container>
  );
}
