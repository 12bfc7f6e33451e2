import { ActionIcon, Collapse, Divider, Group, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { Plan } from '@waybill/domain';
import { useId, useState } from 'react';
import { formatPlanPrice, TIERS } from '../plan-form-values.ts';

function readTiers(plan: Plan) {
  return TIERS.map((tier) => ({
    tier,
    name: plan[`name${tier}`],
    price: formatPlanPrice(plan[`price${tier}`]),
    description: plan[`description${tier}`],
  }));
}

/** Desktop: one row per tier under Plan, Price and Description. */
export function CurrentPlanTable({ plan }: { plan: Plan }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing="sm" striped highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w="28%">
              Plan
            </Table.Th>
            <Table.Th scope="col" w="16%">
              Price per package
            </Table.Th>
            <Table.Th scope="col">Description</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {readTiers(plan).map(({ tier, name, price, description }) => (
            <Table.Tr key={tier}>
              <Table.Th scope="row" fw={700}>
                {name}
              </Table.Th>
              <Table.Td fw={700}>{price}</Table.Td>
              <Table.Td c={description ? undefined : 'dimmed'}>{description || 'No description'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Mobile: the tiers stacked in a section that folds away behind a toggle (open at first). */
export function CurrentPlanCollapsible({ plan }: { plan: Plan }) {
  const [expanded, setExpanded] = useState(true);
  const regionId = useId();
  const tiers = readTiers(plan);
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {expanded ? 'Prices per package' : tiers.map(({ name }) => name).join(' · ')}
        </Text>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-expanded={expanded}
          aria-controls={regionId}
          aria-label={expanded ? 'Hide plan tiers' : 'Show plan tiers'}
          onClick={() => setExpanded((open) => !open)}
        >
          <IconChevronDown
            aria-hidden
            size={20}
            style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms ease' }}
          />
        </ActionIcon>
      </Group>
      <Collapse expanded={expanded} id={regionId}>
        <Stack gap="sm">
          {tiers.map(({ tier, name, price, description }) => (
            <Stack key={tier} gap={4}>
              {tier > 1 ? <Divider mb="xs" /> : null}
              <Group justify="space-between" wrap="nowrap" align="baseline">
                <Text fw={700}>{name}</Text>
                <Text fw={800} size="lg">
                  {price}
                </Text>
              </Group>
              <Text size="sm" c="dimmed">
                {description || 'No description'}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}
