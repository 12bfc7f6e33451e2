import { type AddressInfo, createServer } from 'node:net';

/**
 * A TCP port on 127.0.0.1 that nothing listens on right now: the system picks it and the probe closes
 * it again at once. Also "a mail server that is down" for tests that need a refused connection.
 */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
