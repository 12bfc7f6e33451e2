import { Anchor, Box, Progress, SimpleGrid, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircle, IconCircleDot } from '@tabler/icons-react';
import {
  descriptionForStatus,
  isNotAcceptedStatus,
  progressForStatus,
  type TrackingStep,
  trackingView,
} from '@waybill/domain';
import { statusSwatch } from '../../../lib/status-swatch.ts';

/** The progress bar with its five displayed steps and the one-line description of the status. */
export function TrackingProgress({ status }: { status: string }) {
  const progress = progressForStatus(status);
  return (
    <Stack gap="sm">
      <Progress value={progress} color={statusSwatch(status)} size="lg" radius="xl" aria-label="Delivery progress" />
      <SimpleGrid component="ol" cols={5} spacing={0} m={0} p={0} style={{ listStyle: 'none' }}>
        {trackingView(status).steps.map((step) => (
          <TrackingStepItem key={step.name} step={step} />
        ))}
      </SimpleGrid>
      {isNotAcceptedStatus(status) ? (
        <Text size="sm" data-testid="tracking-description">
          {descriptionForStatus(status)}{' '}
          <Anchor component="a" href="/contact" inherit underline="always">
            Contact us
          </Anchor>{' '}
          if you have a question about it.
        </Text>
      ) : (
        <Text size="sm" c="dimmed" data-testid="tracking-description">
          {descriptionForStatus(status)}
        </Text>
      )}
    </Stack>
  );
}

function TrackingStepItem({ step }: { step: TrackingStep }) {
  const { state } = step;
  const lit = state !== 'upcoming';
  return (
    <Box component="li" ta="center" data-state={state} aria-current={step.current ? 'step' : undefined}>
      <ThemeIcon
        radius="xl"
        size="md"
        variant={lit ? 'filled' : 'light'}
        color={lit ? 'blue' : 'gray'}
        mx="auto"
        aria-hidden
      >
        {state === 'current' ? (
          <IconCircleDot size={16} />
        ) : state === 'done' ? (
          <IconCheck size={16} />
        ) : (
          <IconCircle size={16} />
        )}
      </ThemeIcon>
      <Text
        // Shrinks on narrow screens so five labels fit side by side (a responsive style prop would add a <style> tag).
        style={{ fontSize: 'clamp(10px, 2.8vw, 12px)' }}
        lh={1.3}
        mt={4}
        fw={step.current ? 700 : 400}
        c={lit ? undefined : 'dimmed'}
      >
        {step.name}
        <VisuallyHidden>
          {state === 'current' ? ' (current step)' : state === 'done' ? ' (done)' : ' (not yet)'}
        </VisuallyHidden>
      </Text>
    </Box>
  );
}
