import { PageSection } from '../../../components/section/page-section.tsx';
import CoreServiceTabs from '../../../islands/core-services.tsx';
import { Island } from '../../../islands/runtime/island.tsx';

/** Express, International and Freight, each with its picture, features and figures (an island: the tabs). */
export function CoreServices() {
  return (
    <PageSection
      id="core-services"
      title="Our core services"
      subtitle="Three ways to move anything, from an envelope across town to a truckload across the continent."
    >
      <Island of={CoreServiceTabs} props={{}} />
    </PageSection>
  );
}
