import { Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ConsolePage } from '../../../components/console-shell/console-page.tsx';
import {
  contactDetailsQueryOptions,
  useContactDetails,
} from '../../../features/company-details/api/get-contact-details.ts';
import { planQueryOptions, usePlan } from '../../../features/company-details/api/get-plans.ts';
import { AdminOnly } from '../../../features/console-auth/components/admin-only.tsx';
import { ContactDetailsCard } from '../../../features/console-plan/components/contact-details-card.tsx';
import { PlanManagement } from '../../../features/console-plan/components/plan-management.tsx';
import { QueryState } from './query-state.tsx';

export const handle = { title: 'Plan Management | Waybill Console' };

/** ADMIN_PATH/plan (SPEC §2 "Manage Operations"): the pricing plan, then the company's contact details (admins only). */
export function Component() {
  return (
    <AdminOnly what="The plan and the contact details">
      <PlanScreen />
    </AdminOnly>
  );
}

function PlanScreen() {
  const queryClient = useQueryClient();
  const plan = usePlan();
  const details = useContactDetails();

  // Saving refreshes the shared queries, so the pricing page, the home page's pricing block and
  // "Ready to Ship?", the contact page and the WhatsApp button all show the new values.
  const refreshPlan = () => queryClient.invalidateQueries({ queryKey: planQueryOptions.queryKey });
  const refreshDetails = () => queryClient.invalidateQueries({ queryKey: contactDetailsQueryOptions.queryKey });

  return (
    <ConsolePage pb={96}>
      <Stack gap="xl">
        <div>
          <Title order={1}>Plan Management</Title>
          <Text c="dimmed" mt={4}>
            The prices customers see on the pricing page, and how they reach you.
          </Text>
        </div>
        <QueryState query={plan} what="the plan">
          {(saved) => <PlanManagement plan={saved} onSaved={refreshPlan} />}
        </QueryState>
        <QueryState query={details} what="the contact details">
          {(saved) => <ContactDetailsCard details={saved} onSaved={refreshDetails} />}
        </QueryState>
      </Stack>
    </ConsolePage>
  );
}
