import { Card, SimpleGrid, Text } from '@mantine/core';

export interface Stat {
  value: string | number;
  label: string;
}

/** Headline figures in cards: two (or three) a row on phones, up to four a row from the medium width. */
export function StatGrid({ stats }: { stats: readonly Stat[] }) {
  return (
    // Three figures stay on one row even on a phone rather than leaving one alone on a second row.
    <SimpleGrid
      cols={{ base: stats.length === 3 ? 3 : 2, md: Math.min(stats.length, 4) }}
      spacing={{ base: 'xs', sm: 'lg' }}
    >
      {stats.map((stat) => (
        <Card key={stat.label} withBorder radius="lg" padding={stats.length === 3 ? 'sm' : 'lg'} ta="center">
          {/* The primary colour's "light" text shade reads well on both the light and the dark card. */}
          <Text
            fz={{ base: stats.length === 3 ? 20 : 26, sm: 32 }}
            fw={800}
            lh={1.1}
            c="var(--mantine-primary-color-light-color)"
          >
            {stat.value}
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            {stat.label}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
