import { Anchor, Badge, Box, Button, Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { PLAN_TIERS, type Plan } from '@waybill/domain';

interface PricingBlockProps {
  /** The saved plan; null when none is saved. */
  plan: Plan | null;
}

const TIER_COPY = [
  'Reliable delivery for everyday parcels that are not in a hurry.',
  'Priority handling and faster routes for time-sensitive shipments.',
  'A dedicated courier collects and delivers your package the same day.',
] as const;

type Tier = 1 | 2 | 3;

function readTier(plan: Plan | null, tier: Tier) {
  const defaults = PLAN_TIERS[tier - 1]!;
  return {
    name: plan?.[`name${tier}`] || defaults.defaultName,
    price: plan ? plan[`price${tier}`] : undefined,
    description: plan?.[`description${tier}`] || TIER_COPY[tier - 1]!,
    deliveryTime: defaults.deliveryTime,
    insurance: defaults.insurance,
  };
}

const formatPrice = (price: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(price);

/**
 * What a card shows for its price: with a saved plan, its price per package; with none, "Price on
 * request" and a link to /contact for a quote. The server renders the page with the plan as it is now
 * (and again whenever it changes), so no price shown is stale. Delivery times and insurance limits are
 * fixed (SPEC §9) and always shown.
 */
function PriceLine({ price }: { price: number | undefined }) {
  if (price === undefined) {
    return (
      <div>
        <Text fz={24} fw={800} lh={1.5}>
          Price on request
        </Text>
        <Anchor href="/contact" size="sm">
          Contact us for a quote
        </Anchor>
      </div>
    );
  }
  return (
    <Text fz={36} fw={800} lh={1.1}>
      {formatPrice(price)}{' '}
      <Text span fz="sm" fw={500} c="dimmed">
        per package
      </Text>
    </Text>
  );
}

/** The three plan tiers (SPEC §9): names and prices from the saved plan, delivery times and insurance fixed. */
export function PricingBlock({ plan }: PricingBlockProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      {([1, 2, 3] as const).map((tier) => {
        const { name, price, description, deliveryTime, insurance } = readTier(plan, tier);
        const featured = tier === 2;
        return (
          <Card
            key={tier}
            withBorder
            radius="lg"
            padding="xl"
            shadow={featured ? 'md' : 'xs'}
            style={featured ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
          >
            <Stack gap="md" h="100%">
              {/* The other cards keep the badge's height free, so the three names and prices line up. */}
              {featured ? (
                <Badge variant="filled" w="fit-content">
                  Most popular
                </Badge>
              ) : (
                <Box h={20} visibleFrom="sm" aria-hidden />
              )}
              <Title order={3}>{name}</Title>
              <PriceLine price={price} />
              <Text c="dimmed" size="sm">
                {description}
              </Text>
              <List
                spacing="xs"
                size="sm"
                style={{ flexGrow: 1 }}
                icon={
                  <ThemeIcon size={20} radius="xl" color="teal" variant="light" aria-hidden>
                    <IconCheck size={14} />
                  </ThemeIcon>
                }
              >
                {/* As labels, so every tier reads naturally ("Delivery: Same day within 6 hours"). */}
                <List.Item>Delivery: {deliveryTime}</List.Item>
                <List.Item>Insurance: {insurance}</List.Item>
                <List.Item>Real-time tracking</List.Item>
                <List.Item>Door-to-door pickup</List.Item>
              </List>
              <Button component="a" href="/create" variant={featured ? 'filled' : 'light'} fullWidth>
                Ship with {name}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
