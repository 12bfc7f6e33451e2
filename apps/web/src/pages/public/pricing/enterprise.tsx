import { Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { MARKETING } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';

const FEATURES = [
  'Volume discounts from 100 packages a month',
  'A dedicated account manager and priority support line',
  `Scheduled daily pickups and delivery to ${MARKETING.countriesServed} countries`,
  'Consolidated monthly invoicing on 30-day terms',
  `Custom insurance cover up to ${MARKETING.insuranceUpTo}`,
  'Bulk booking, returns management and delivery reports',
] as const;

/** What larger shippers get on a contract, and the two ways in: ship now or talk to us. */
export function Enterprise() {
  return (
    <PageSection
      id="enterprise"
      title="Enterprise solutions"
      subtitle="Contract rates and a dedicated team for businesses that ship every day."
    >
      <Card withBorder radius="lg" padding="xl" maw={960} mx="auto">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="md">
            <Title order={3}>Shipping at scale?</Title>
            <Text c="dimmed">
              Businesses that send hundreds of parcels a month get contract rates, one invoice and a team that knows
              their account. Tell us about your volumes and we will put together a quote within one business day.
            </Text>
            <Group mt="auto">
              <Button component="a" href="/create" size="md">
                Start Shipping
              </Button>
              <Button component="a" href="/contact" size="md" variant="default">
                Contact Sales
              </Button>
            </Group>
          </Stack>
          <List
            spacing="sm"
            icon={
              <ThemeIcon size={22} radius="xl" color="teal" variant="light" aria-hidden>
                <IconCheck size={14} />
              </ThemeIcon>
            }
          >
            {FEATURES.map((feature) => (
              <List.Item key={feature}>{feature}</List.Item>
            ))}
          </List>
        </SimpleGrid>
      </Card>
    </PageSection>
  );
}
