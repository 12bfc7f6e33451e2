import { SimpleGrid, Stack, Text } from '@mantine/core';
import { MARKETING } from '@waybill/domain';
import { Illustration } from '../../../components/section/illustration.tsx';
import { PageSection } from '../../../components/section/page-section.tsx';
import storySmall from './images/story-480.webp';
import storyLarge from './images/story-960.webp';

/** How the company began and grew. */
export function AboutStory() {
  return (
    <PageSection id="story" title="Our story" subtitle="From two vans to a worldwide network.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'xl', md: 48 }}>
        <Illustration
          small={storySmall}
          large={storyLarge}
          alt="A courier holding a parcel in a Waybill warehouse lined with shelves of packages"
          sizes="(min-width: 62em) 540px, calc(100vw - 32px)"
        />
        <Stack gap="md">
          <Text>
            Waybill started in {MARKETING.founded} with two vans, one small warehouse and a simple promise: every parcel
            delivered on time, and every customer able to see where it is.
          </Text>
          <Text>
            Local shops asked us to take their orders further, so we added express routes, then international partners,
            then our own freight fleet. Today the count stands at {MARKETING.packagesDelivered} packages delivered for{' '}
            {MARKETING.customers} customers in {MARKETING.countriesAbout} countries.
          </Text>
          <Text>
            We have grown, but the promise has not changed. A real person still answers the phone {MARKETING.support},
            and
            {` ${MARKETING.onTime}`} of our deliveries still arrive when we said they would.
          </Text>
        </Stack>
      </SimpleGrid>
    </PageSection>
  );
}
