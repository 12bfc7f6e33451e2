import { Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMailSearch } from '@tabler/icons-react';

/** Shown while there is no result: where the customer finds their tracking number. */
export function TrackHelp() {
  return (
    <Paper withBorder radius="md" p="xl" ta="center">
      <ThemeIcon size={48} radius="xl" variant="light" mx="auto" mb="sm" aria-hidden>
        <IconMailSearch size={26} />
      </ThemeIcon>
      <Title order={2} size="h4" mb="xs">
        Where is my tracking number?
      </Title>
      <Text c="dimmed" maw={460} mx="auto">
        Your tracking number is in the confirmation e-mail we sent when you shipped your package. Enter it above to see
        where your package is.
      </Text>
    </Paper>
  );
}
