import { Button, Container, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { normalizeTrackingCode, TOAST_MS, TRACKING_CODE_MAX_INPUT } from '@waybill/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import classes from './home.module.css';

// SPEC §5 text, as TRACKING_CODE_REQUIRED in the domain schemas: importing it from there would pull zod
// into the home page's first load for one string.
const TRACKING_CODE_REQUIRED = 'Please enter a tracking code';

/** A tracking box on the home page that hands the code to /track/<code>. */
export function TrackSection() {
  const [code, setCode] = useState('');
  const navigate = useNavigate();

  function track(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const normalized = normalizeTrackingCode(code);
    if (!normalized) {
      notifyError({
        title: 'Error',
        message: TRACKING_CODE_REQUIRED,
        autoClose: TOAST_MS.validation,
        position: 'top-center',
      });
      return;
    }
    navigate(`/track/${encodeURIComponent(normalized)}`);
  }

  return (
    <Container size="md" className={classes.trackBand}>
      <Paper
        component="section"
        aria-labelledby="track-title"
        withBorder
        shadow="lg"
        radius="lg"
        p={{ base: 'lg', sm: 'xl' }}
      >
        <Title order={2} size="h3" id="track-title" mb={4}>
          Track your package
        </Title>
        <Text c="dimmed" size="sm" mb="md">
          Enter the tracking code from your confirmation e-mail to see where your package is right now.
        </Text>
        <form onSubmit={track} noValidate>
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TextInput
              label="Tracking code"
              placeholder="e.g. WB7K2M9QX4TP"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              maxLength={TRACKING_CODE_MAX_INPUT}
              autoComplete="off"
              style={{ flexGrow: 1 }}
            />
            <Button type="submit">Track</Button>
          </Group>
        </form>
      </Paper>
    </Container>
  );
}
