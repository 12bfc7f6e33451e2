import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageSection } from '../../../components/section/page-section.tsx';

const STORIES = [
  {
    client: 'Northgate Clinics',
    industry: 'Healthcare',
    result: 'Lab samples at the hospital in under 3 hours',
    story:
      'Same-day rush runs between twelve clinics and the central lab replaced an in-house driver pool, and no sample has been lost since the switch.',
  },
  {
    client: 'Kora Boutique',
    industry: 'Fashion & Retail',
    result: 'Returns processed in half the time',
    story:
      'Daily e-commerce pickups and tracking links with e-mail updates cut "where is my order?" e-mails to a trickle during the holiday peak.',
  },
  {
    client: 'Vantage Motors',
    industry: 'Automotive',
    result: 'Parts at every workshop before 8 am',
    story:
      'A scheduled overnight freight route supplies nine workshops, so repairs start on time instead of waiting for a delivery.',
  },
] as const;

/** Three short client stories. */
export function SuccessStories() {
  return (
    <PageSection
      id="success-stories"
      title="Client success stories"
      subtitle="How businesses like yours deliver with Waybill."
      tinted
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {STORIES.map((item) => (
          <Card key={item.client} component="article" withBorder radius="lg" padding="xl">
            <Stack gap="sm">
              <Badge variant="light" w="fit-content">
                {item.industry}
              </Badge>
              <Title order={3} size="h4">
                {item.client}
              </Title>
              <Text fw={700}>{item.result}</Text>
              <Text size="sm" c="dimmed">
                {item.story}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
