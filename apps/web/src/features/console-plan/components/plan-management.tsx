import { Affix, Button, Card, Drawer, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import type { Plan } from '@waybill/domain';
import { useMobileLayout } from '../hooks/use-mobile-layout.ts';
import { CurrentPlanCollapsible, CurrentPlanTable } from './current-plan-views.tsx';
import { PlanForm } from './plan-form.tsx';

/** Dialog titles read as headings, not as body text. */
export const DIALOG_STYLES = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } };

export interface PlanManagementProps {
  /** The saved plan, or null when none is saved yet. */
  plan: Plan | null;
  /** Refreshes every view of the plan after a save. */
  onSaved: () => Promise<unknown>;
}

/**
 * SPEC §2 Plan Management: with no plan, a Create Plan card (desktop) or a floating Add Plan button
 * opening a full-screen bottom drawer (mobile); with a plan, the Current Plan card and Edit Plan,
 * which opens a modal (desktop) or a bottom drawer (mobile).
 */
export function PlanManagement({ plan, onSaved }: PlanManagementProps) {
  const mobile = useMobileLayout();
  const [editorOpen, editor] = useDisclosure(false);

  if (!plan && !mobile) {
    return (
      <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="create-plan-title">
        <Title order={2} id="create-plan-title" mb={4}>
          Create Plan
        </Title>
        <Text c="dimmed" mb="lg">
          No plan is saved yet. Set the three tiers customers see on the pricing page.
        </Text>
        <PlanForm plan={null} onSaved={onSaved} />
      </Card>
    );
  }

  const editorTitle = plan ? 'Edit Plan' : 'Add Plan';
  const form = (
    <PlanForm plan={plan} onSaved={onSaved} onDone={editor.close} onCancel={editor.close} columns={mobile ? 1 : 3} />
  );

  return (
    <>
      {plan ? (
        <Card withBorder radius="lg" padding={mobile ? 'md' : 'xl'} component="section" aria-labelledby="plan-title">
          <Group justify="space-between" mb="md" wrap="nowrap">
            <Title order={2} size={mobile ? 'h3' : 'h2'} id="plan-title">
              Current Plan
            </Title>
            <Button leftSection={<IconPencil size={16} aria-hidden />} onClick={editor.open} style={{ flexShrink: 0 }}>
              Edit Plan
            </Button>
          </Group>
          {mobile ? <CurrentPlanCollapsible plan={plan} /> : <CurrentPlanTable plan={plan} />}
        </Card>
      ) : (
        <NoPlanNotice />
      )}
      {!plan ? (
        <Affix position={{ bottom: 24, right: 20 }}>
          <Button
            size="md"
            radius="xl"
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={editor.open}
            style={{ boxShadow: 'var(--mantine-shadow-lg)' }}
          >
            Add Plan
          </Button>
        </Affix>
      ) : null}
      {mobile ? (
        <Drawer
          opened={editorOpen}
          onClose={editor.close}
          position="bottom"
          size="100%"
          title={editorTitle}
          styles={DIALOG_STYLES}
          closeButtonProps={{ 'aria-label': `Close ${editorTitle}` }}
        >
          {form}
        </Drawer>
      ) : (
        <Modal
          opened={editorOpen}
          onClose={editor.close}
          size="xl"
          title={editorTitle}
          centered
          styles={DIALOG_STYLES}
          closeButtonProps={{ 'aria-label': `Close ${editorTitle}` }}
        >
          {form}
        </Modal>
      )}
    </>
  );
}

/** Mobile with no plan: the floating Add Plan button does the work; this says why the page is empty. */
function NoPlanNotice() {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-labelledby="no-plan-title">
      <Stack gap={4}>
        <Title order={2} id="no-plan-title" size="h3">
          No plan yet
        </Title>
        <Text c="dimmed" size="sm">
          Tap Add Plan to set the three tiers customers see on the pricing page.
        </Text>
      </Stack>
    </Card>
  );
}
