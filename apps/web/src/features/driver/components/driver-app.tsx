import { Alert, Anchor, Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBarcode, IconChevronLeft, IconChevronRight, IconList } from '@tabler/icons-react';
import type { OperatorSession } from '@waybill/domain';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ConsoleColourModeToggle } from '../../../components/shell/colour-mode-toggle.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useDriverRun } from '../api/driver-run.ts';
import { useOutbox } from '../hooks/use-outbox.ts';
import { forgetAnswered } from '../outbox/outbox-db.ts';
import { isDone, nextStopIndex, stopProgress } from '../stop-progress.ts';
import classes from './driver.module.css';
import { AttemptDialog, DeliveredDialog, ScanDialog } from './lazy-dialogs.tsx';
import { OutboxStatus, useOnline } from './outbox-status.tsx';
import { RefusedActions } from './refused-actions.tsx';
import { type StopAction, StopCard } from './stop-card.tsx';
import { StopList } from './stop-list.tsx';

/** The start of a YYYY-MM-DD day on the phone's clock. */
function startOfDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The app's column: a phone's width, centred on a tablet or a desktop. */
const WIDTH = 560;

type Dialog = { kind: 'delivered' | 'attempt'; trackingCode: string } | null;

/**
 * The driver app: today's run, one stop at a time, made for a phone held in one hand. Every action is
 * stored on the phone first and sent when the connection lets it (see the outbox).
 */
export function DriverApp({
  session,
  signOut,
}: {
  session: OperatorSession;
  /** The sign-out control, told how many actions still wait on the phone. */
  signOut: (waiting: number) => ReactNode;
}) {
  const driver = session.email.toLowerCase();
  const run = useDriverRun();
  const outbox = useOutbox(driver);
  const online = useOnline();
  const [showList, setShowList] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [scanning, setScanning] = useState(false);

  const today = run.data?.date;
  const progress = useMemo(
    () => (run.data?.run ? stopProgress(run.data.run, outbox.actions) : []),
    [run.data, outbox.actions],
  );
  const current = selected ?? nextStopIndex(progress);
  const entry = progress[current];
  const done = progress.filter((item) => isDone(item.state)).length;

  // Yesterday's answered actions are on the server; only what still waits stays on the phone.
  useEffect(() => {
    if (today) void forgetAnswered(driver, startOfDay(today).getTime());
  }, [driver, today]);

  function open(index: number) {
    setSelected(index);
    setShowList(false);
    window.scrollTo({ top: 0 });
  }

  async function act(input: Parameters<typeof outbox.record>[0]) {
    await outbox.record(input);
    setDialog(null);
    // A delivery or an attempt ends the stop: the next open one comes up. Loaded keeps the stop shown.
    if (input.type !== 'loaded') setSelected(null);
    else setSelected(current);
  }
  // The stop card's one callback keeps its identity (it reads the latest `act`), so the card is drawn
  // again only when its stop changes, not at each change of the header (the outbox, the connection).
  const latestAct = useRef(act);
  latestAct.current = act;
  const onStopAction = useCallback((action: StopAction, trackingCode: string) => {
    if (action === 'loaded') void latestAct.current({ type: 'loaded', trackingCode });
    else setDialog({ kind: action, trackingCode });
  }, []);

  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box component="header" className={classes.header} px="md" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs" maw={WIDTH} mx="auto">
          <div style={{ minWidth: 0 }}>
            <Title order={1} size="h4">
              Today's run
            </Title>
            <Text size="xs" c="dimmed" truncate>
              {today ? formatDate(startOfDay(today)) : ' '}
              {progress.length > 0 ? ` · ${done} of ${progress.length} done` : ''}
            </Text>
          </div>
          <Group gap={4} wrap="nowrap">
            <ConsoleColourModeToggle />
            {signOut(outbox.waiting)}
          </Group>
        </Group>
        <Group justify="space-between" mt={6} wrap="nowrap" maw={WIDTH} mx="auto">
          <OutboxStatus outbox={outbox} online={online} />
          {outbox.waiting > 0 && online ? (
            <Anchor component="button" type="button" size="sm" onClick={outbox.syncNow} disabled={outbox.syncing}>
              {outbox.syncing ? 'Sending…' : 'Send now'}
            </Anchor>
          ) : null}
        </Group>
      </Box>

      <Box component="main" px="md" py="md" w="100%" maw={WIDTH + 32} mx="auto" style={{ flex: 1 }}>
        {run.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading today's run" />
          </Center>
        ) : run.isError ? (
          <Alert color="red" role="alert" title="Could not load today's run">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{run.error.message}</Text>
              <Button size="sm" onClick={() => void run.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !run.data.run || progress.length === 0 ? (
          <Stack gap="sm" ta="center" py="xl">
            <Title order={2} size="h3">
              {run.data.run ? 'Your run has no stops yet' : 'No run planned for you today'}
            </Title>
            <Text c="dimmed">Your dispatcher plans the runs. Pull down or come back later to see yours.</Text>
            <Button variant="light" onClick={() => void run.refetch()} loading={run.isFetching}>
              Check again
            </Button>
          </Stack>
        ) : showList || !entry ? (
          <Stack gap="md">
            {progress.some((item) => item.state === 'to-load') ? (
              <Button
                size="lg"
                variant="light"
                leftSection={<IconBarcode aria-hidden />}
                onClick={() => setScanning(true)}
              >
                Scan to load
              </Button>
            ) : null}
            <StopList progress={progress} current={current} onOpen={open} />
            <RefusedActions actions={outbox.actions} />
          </Stack>
        ) : (
          <StopCard entry={entry} count={progress.length} onAct={onStopAction} />
        )}
      </Box>

      {progress.length > 0 ? (
        <Box component="nav" aria-label="Stops" className={classes.footer} px="md" pt="sm">
          <Group grow gap={6} wrap="nowrap" maw={WIDTH} mx="auto">
            <Button
              variant="default"
              size="md"
              px={6}
              fz="sm"
              leftSection={<IconChevronLeft size={18} aria-hidden />}
              disabled={showList || current === 0}
              onClick={() => open(current - 1)}
            >
              Previous
            </Button>
            <Button
              variant={showList ? 'filled' : 'light'}
              size="md"
              px={6}
              fz="sm"
              leftSection={<IconList size={18} aria-hidden />}
              aria-pressed={showList}
              onClick={() => setShowList((shown) => !shown)}
            >
              All stops
            </Button>
            <Button
              variant="default"
              size="md"
              px={6}
              fz="sm"
              rightSection={<IconChevronRight size={18} aria-hidden />}
              disabled={showList || current >= progress.length - 1}
              onClick={() => open(current + 1)}
            >
              Next
            </Button>
          </Group>
        </Box>
      ) : null}

      <ScanDialog
        opened={scanning}
        progress={progress}
        onClose={() => setScanning(false)}
        onLoad={(trackingCode) => outbox.record({ type: 'loaded', trackingCode })}
      />
      <DeliveredDialog
        trackingCode={dialog?.kind === 'delivered' ? dialog.trackingCode : null}
        onClose={() => setDialog(null)}
        onSave={(input) => act({ type: 'delivered', trackingCode: dialog?.trackingCode ?? '', ...input })}
      />
      <AttemptDialog
        trackingCode={dialog?.kind === 'attempt' ? dialog.trackingCode : null}
        onClose={() => setDialog(null)}
        onSave={(input) => act({ type: 'attempt_failed', trackingCode: dialog?.trackingCode ?? '', ...input })}
      />
    </Box>
  );
}
