import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconHandStop, IconShieldCheck, IconSignature } from '@tabler/icons-react';
import { ADD_ONS } from '@waybill/domain';
import { PageSection } from '../../../components/section/page-section.tsx';

type AddOnName = (typeof ADD_ONS)[number]['name'];

const ICONS: Record<AddOnName, typeof IconShieldCheck> = {
  'Package Insurance': IconShieldCheck,
  'Signature Required': IconSignature,
  'Weekend Delivery': IconCalendarEvent,
  'Special Handling': IconHandStop,
};

/** The optional extras of SPEC §9, priced per package. */
export function AddOns() {
  return (
    <PageSection
      id="add-ons"
      title="Add-ons"
      subtitle="Extras you can add to any plan when you book; priced per package."
      tinted
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {ADD_ONS.map((addOn) => {
          const Icon = ICONS[addOn.name];
          return (
            <Card key={addOn.name} withBorder radius="lg" padding="lg">
              <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={24} stroke={1.6} />
                </ThemeIcon>
                <Text fz={22} fw={800}>
                  {addOn.price}
                </Text>
              </Group>
              <Title order={3} size="h4" mb={4}>
                {addOn.name}
              </Title>
              <Text size="sm" c="dimmed">
                {addOn.detail}
              </Text>
            </Card>
          );
        })}
      </SimpleGrid>
    </PageSection>
  );
}
