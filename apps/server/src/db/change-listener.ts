import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** How the listening connection names itself to PostgreSQL (pg_stat_activity). */
export const LISTENER_APPLICATION_NAME = 'waybill-change-listener';

/**
 * What the listener tells its owner: a change announced on one of the channels (NOTIFY sent by the
 * database's triggers in the change's transaction), and whether every change is heard.
 */
export interface ChangeHandlers {
  /** The channels to LISTEN on: plain lower-case names, as the migrations' triggers spell them. */
  channels: readonly string[];
  changed(channel: string, payload: string): void;
  listening(on: boolean, error?: unknown): void;
}

const CHANNEL_NAME = /^[a-z_]{1,63}$/;

function checkChannels(channels: readonly string[]): void {
  const bad = channels.find((channel) => !CHANNEL_NAME.test(channel));
  if (bad !== undefined) throw new Error(`Not a channel name: ${bad}`);
}

export interface ChangeListener {
  /**
   * Resolves once every change committed before the call has been handled (false if that could not
   * be confirmed in time): the server answers a write only then, so whoever made it reads it next.
   */
  caughtUp(): Promise<boolean>;
  close(): Promise<void>;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;
const CAUGHT_UP_TIMEOUT_MS = 2_000;
/** Closing never holds the shutdown longer than this: a connection that does not end is cut. */
const CLOSE_TIMEOUT_MS = 500;

const delay = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** PGlite runs in this process: its notifications arrive as the committing query returns, always heard. */
export async function listenOnPglite(client: PGlite, handlers: ChangeHandlers): Promise<ChangeListener> {
  checkChannels(handlers.channels);
  const unlisten = await Promise.all(
    handlers.channels.map((channel) => client.listen(channel, (payload) => handlers.changed(channel, payload))),
  );
  handlers.listening(true);
  return {
    caughtUp: async () => true,
    async close() {
      handlers.listening(false);
      if (!client.closed) await Promise.all(unlisten.map((stop) => stop().catch(() => undefined)));
    },
  };
}

/**
 * One connection of its own running LISTEN (a pooled one would be handed to queries). While it is
 * lost the owner is told `listening(false)` and it reconnects with a doubling pause (250 ms to 10 s).
 */
export async function listenOnPostgres(connectionString: string, handlers: ChangeHandlers): Promise<ChangeListener> {
  checkChannels(handlers.channels);
  const channels = new Set(handlers.channels);
  let client: pg.Client | undefined;
  let closed = false;
  let retry = RETRY_FIRST_MS;
  let reconnecting = false;

  const lost = (lostClient: pg.Client, error?: unknown) => {
    if (client !== lostClient) return;
    client = undefined;
    lostClient.end().catch(() => undefined);
    if (closed) return;
    handlers.listening(false, error ?? new Error('the listening connection ended'));
    startReconnecting();
  };

  const connect = async (): Promise<void> => {
    const candidate = new pg.Client({
      connectionString,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    candidate.on('notification', (message) => {
      if (channels.has(message.channel) && message.payload !== undefined) {
        handlers.changed(message.channel, message.payload);
      }
    });
    candidate.on('error', (error) => lost(candidate, error));
    candidate.on('end', () => lost(candidate));
    try {
      await candidate.connect();
      for (const channel of channels) await candidate.query(`LISTEN ${channel}`);
    } catch (error) {
      candidate.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await candidate.end().catch(() => undefined);
      return;
    }
    client = candidate;
    retry = RETRY_FIRST_MS;
    handlers.listening(true);
  };

  const reconnect = async () => {
    while (!closed && !client) {
      await delay(retry);
      retry = Math.min(retry * 2, RETRY_MAX_MS);
      if (closed) return;
      try {
        await connect();
      } catch (error) {
        handlers.listening(false, error);
      }
    }
  };

  const startReconnecting = () => {
    if (reconnecting) return;
    reconnecting = true;
    void reconnect().finally(() => {
      reconnecting = false;
    });
  };

  try {
    await connect();
  } catch (error) {
    // The server starts all the same: answers are read from the database until the listener is back.
    handlers.listening(false, error);
    startReconnecting();
  }

  return {
    async caughtUp() {
      const current = client;
      if (!current) return true;
      // Notifications reach a connection before the answer to its next query: once a query sent now
      // is answered, every change committed before now has been handled.
      const answered = current.query('SELECT 1').then(
        () => true,
        () => false,
      );
      return Promise.race([answered, delay(CAUGHT_UP_TIMEOUT_MS).then(() => false)]);
    },
    async close() {
      closed = true;
      const current = client;
      client = undefined;
      handlers.listening(false);
      if (!current) return;
      const ended = current.end().then(
        () => true,
        () => true,
      );
      if (!(await Promise.race([ended, delay(CLOSE_TIMEOUT_MS).then(() => false)]))) {
        (current as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
      }
    },
  };
}
