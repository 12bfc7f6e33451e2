import { Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPackage, IconSearch } from '@tabler/icons-react';
import { MARKETING } from '@waybill/domain';
import classes from './home.module.css';

const HERO_STATS = [
  { value: MARKETING.packagesDelivered, label: 'Packages delivered' },
  { value: MARKETING.onTime, label: 'On-time delivery' },
  { value: MARKETING.countriesServed, label: 'Countries served' },
  { value: MARKETING.support, label: 'Customer support' },
] as const;

/** The opening band: promise, the two main actions and the headline figures. */
export function HeroSection() {
  return (
    <Box component="section" aria-labelledby="hero-title" className={classes.hero}>
      <Container size="lg" py={{ base: 56, md: 96 }}>
        <Stack gap="lg" maw={720}>
          <Text className={classes.eyebrow}>Courier and parcel delivery since {MARKETING.founded}</Text>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            Fast, reliable delivery to your door and around the world
          </Title>
          <Text size="xl" className={classes.heroText}>
            Book a pickup in minutes, follow every step with live tracking and let our couriers handle the rest — from
            same-day city runs to international freight.
          </Text>
          <Group gap="md">
            <Button component="a" href="/create" size="lg" color="yellow.4" leftSection={<IconPackage aria-hidden />}>
              Ship Now
            </Button>
            <Button
              component="a"
              href="/track"
              size="lg"
              variant="outline"
              color="white"
              leftSection={<IconSearch aria-hidden />}
            >
              Track Package
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" mt={{ base: 40, md: 64 }}>
          {HERO_STATS.map((stat) => (
            <div key={stat.label}>
              <Text fz={32} fw={800} lh={1.1}>
                {stat.value}
              </Text>
              <Text size="sm" className={classes.heroText}>
                {stat.label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
