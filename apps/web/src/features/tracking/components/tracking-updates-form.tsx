import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { EMAIL_MAX, subscribeBodySchema } from '@waybill/domain';
import { type FormEvent, useId, useState } from 'react';
import { serverMessageOr } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { subscribeToUpdates } from '../api/subscribe-updates.ts';

const FAILED = 'Could not ask for e-mail updates. Please try again.';

/**
 * "Get e-mail updates" under a package's tracking result. The address confirms by a link first
 * (double opt-in); what the page says afterwards is true whether or not the address was already
 * subscribed, which it never reveals.
 */
export function TrackingUpdatesForm({ code }: { code: string }) {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string>();
  const titleId = useId();

  const send = useSingleFlight(async () => {
    const parsed = subscribeBodySchema.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setSending(true);
    try {
      setDone(await subscribeToUpdates(code, parsed.data.email));
      setEmail('');
    } catch (error) {
      notifyError({ title: 'E-mail updates', message: serverMessageOr(error, FAILED) });
    } finally {
      setSending(false);
    }
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send();
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Get e-mail updates
        </Title>
        <Text size="sm" c="dimmed">
          An e-mail at each status change and location update of this package. We first send a link to confirm the
          address; every update has a link to stop them.
        </Text>
        {done ? (
          <Alert
            color="teal"
            icon={<IconMailCheck size={18} aria-hidden />}
            role="status"
            data-testid="updates-requested"
          >
            {done}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate aria-labelledby={titleId}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                value={email}
                error={fieldError}
                onChange={(event) => setEmail(event.currentTarget.value)}
                style={{ flex: '1 1 16rem' }}
              />
              <Button type="submit" loading={sending} mt={{ base: 0, xs: 25 }}>
                Get e-mail updates
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Card>
  );
}
