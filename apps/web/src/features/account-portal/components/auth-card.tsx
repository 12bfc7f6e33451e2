import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ConsoleColourModeToggle } from '../../../components/shell/colour-mode-toggle.tsx';
import { PORTAL_NAME } from '../messages.ts';

/** The frame of the pages without a session (sign-in, a link's page): a card in the middle, the colour toggle above. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="main" mih="100vh" p="md">
      <Group justify="flex-end">
        <ConsoleColourModeToggle />
      </Group>
      <Center mt={{ base: 'md', sm: 60 }}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
          <Stack gap="lg">
            <Stack gap={4} align="center" ta="center">
              <IconBuildingStore size={40} stroke={1.6} color="var(--mantine-primary-color-filled)" aria-hidden />
              <Title order={1} size="h2">
                {title}
              </Title>
              <Text c="dimmed" size="sm">
                {PORTAL_NAME}
              </Text>
            </Stack>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
