import { Avatar, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { PageSection } from '../../../components/section/page-section.tsx';
import classes from './home.module.css';

const TESTIMONIALS = [
  {
    name: 'Amara Okafor',
    role: 'Owner, Kora Boutique',
    quote:
      'We ship forty orders a day with Waybill. Pickups are on time, customers get their tracking link at once and returns are painless.',
  },
  {
    name: 'David Mensah',
    role: 'Operations lead, MedSupply',
    quote:
      'Same-day rush has saved us more than once. Temperature-sensitive samples arrive within hours, and we can see every hand-off.',
  },
  {
    name: 'Sarah Whitfield',
    role: 'Sent a parcel to her son abroad',
    quote:
      'I was nervous about sending a birthday parcel overseas. The tracking showed every step and it arrived two days early.',
  },
] as const;

const initials = (name: string) =>
  name
    .split(' ')
    .map((part) => part[0])
    .join('');

/** Three customer quotes. */
export function Testimonials() {
  return (
    <PageSection id="testimonials" title="What our customers say" tinted>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {TESTIMONIALS.map((item) => (
          <Card key={item.name} component="figure" withBorder radius="lg" padding="xl" m={0}>
            <Text component="blockquote" className={classes.quote} m={0} mb="lg">
              “{item.quote}”
            </Text>
            <Group gap="sm" component="figcaption">
              <Avatar color="blue" radius="xl" aria-hidden>
                {initials(item.name)}
              </Avatar>
              <div>
                <Text fw={700} size="sm">
                  {item.name}
                </Text>
                <Text c="dimmed" size="xs">
                  {item.role}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </PageSection>
  );
}
