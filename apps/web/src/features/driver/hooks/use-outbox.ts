import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { readXsrfToken } from '../../../lib/xsrf-cookie.ts';
import { driverRunKey } from '../api/driver-run.ts';
import { OUTBOX_CHANNEL, OUTBOX_SYNC_TAG } from '../outbox/channel.ts';
import { isWaiting, listActions, type OutboxAction } from '../outbox/outbox-db.ts';
import { type ActionInput, recordAction } from '../outbox/record-action.ts';
import type { SyncOutcome } from '../outbox/sync.ts';

/**
 * The sending, imported when something first waits (most starts have nothing to send): it and the
 * schemas of the server's answers are not part of the app's first script.
 */
const sending = () => import('../outbox/sync.ts');

/** How often the page tries again while something waits (besides on reconnect and after each action). */
export const SYNC_INTERVAL_MS = 20_000;

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** The session's anti-forgery token; a first write of the visit fetches it. */
async function xsrfToken(): Promise<string | undefined> {
  const existing = readXsrfToken();
  if (existing) return existing;
  await fetch('/api/health', { credentials: 'same-origin' }).catch(() => undefined);
  return readXsrfToken();
}

/** Asks the service worker to send the outbox when the connection returns, even with the page closed. */
function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(OUTBOX_SYNC_TAG),
    )
    .catch(() => undefined);
}

export interface Outbox {
  /** Every action of the driver on this phone, oldest first. */
  actions: OutboxAction[];
  /** How many still wait for the server. */
  waiting: number;
  /** Until the outbox was first read. */
  loading: boolean;
  syncing: boolean;
  /** How the last pass ended; undefined before the first. */
  outcome: SyncOutcome | undefined;
  record: (input: ActionInput) => Promise<void>;
  syncNow: () => void;
}

/**
 * The driver's outbox as the page shows it, kept in step with every tab and the service worker, and
 * sent on reconnect, on an interval while something waits, after each action, and at start.
 */
export function useOutbox(driver: string): Outbox {
  const queryClient = useQueryClient();
  const [actions, setActions] = useState<OutboxAction[]>([]);
  const [loading, setLoading] = useState(true);
  const [syncing, setSyncing] = useState(false);
  const [outcome, setOutcome] = useState<SyncOutcome>();
  const running = useRef(false);
  const again = useRef(false);

  const reload = useCallback(async () => {
    const next = await listActions(driver);
    // An outbox still empty keeps its list: the run's progress, and the stop shown, stay as they are.
    setActions((current) => (current.length === 0 && next.length === 0 ? current : next));
    setLoading(false);
  }, [driver]);

  const syncNow = useCallback(() => {
    if (running.current) {
      again.current = true;
      return;
    }
    running.current = true;
    void (async () => {
      let last: SyncOutcome = 'done';
      let passes = 0;
      do {
        again.current = false;
        // Nothing waits (the app's start, most often): no pass, and no run to read again after it,
        // unless an action was recorded meanwhile (then `again` asks for another look).
        const waiting = await listActions(driver).then(
          (actions) => actions.some(isWaiting),
          () => true,
        );
        if (!waiting) continue;
        if (passes++ === 0) setSyncing(true);
        last = await sending()
          .then(({ syncOutbox }) => syncOutbox({ driver, xsrfToken }))
          .catch(() => 'offline' as const);
      } while (again.current && last === 'done');
      running.current = false;
      if (passes === 0) return;
      setSyncing(false);
      setOutcome(last);
      await reload();
      // What the server answered moved packages: the run shows their new statuses.
      if (last === 'done') void queryClient.invalidateQueries({ queryKey: driverRunKey });
    })();
  }, [driver, queryClient, reload]);

  const record = useCallback(
    async (input: ActionInput) => {
      await recordAction(driver, input);
      await reload();
      askForBackgroundSync();
      syncNow();
    },
    [driver, reload, syncNow],
  );

  useEffect(() => {
    void reload();
    syncNow();
    const channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(OUTBOX_CHANNEL);
    if (channel) channel.onmessage = () => void reload();
    const online = () => syncNow();
    window.addEventListener('online', online);
    const timer = window.setInterval(() => {
      if (navigator.onLine) syncNow();
    }, SYNC_INTERVAL_MS);
    return () => {
      channel?.close();
      window.removeEventListener('online', online);
      window.clearInterval(timer);
    };
  }, [reload, syncNow]);

  return { actions, waiting: actions.filter(isWaiting).length, loading, syncing, outcome, record, syncNow };
}
