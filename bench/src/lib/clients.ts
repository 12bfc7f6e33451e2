// The clients of a benchmark as a proxy forwards them: each request names its client in X-Forwarded-For
// (the server trusts the proxy on loopback), so limits count per client as in production. Addresses are
// never reused within a run, so one measurement does not spend the budget of the next.

let nextClient = 0;

/** A new client address (10.0.0.0/8, over 16 million before it wraps). */
export function newClientAddress(): string {
  const n = nextClient++ % 0xffffff;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * Addresses for a stream of requests: each client makes `perClient` requests (a customer checking a
 * parcel a few times), then the next one comes.
 */
export function clientStream(perClient: number): () => string {
  let current = newClientAddress();
  let used = 0;
  return () => {
    if (used === perClient) {
      current = newClientAddress();
      used = 0;
    }
    used += 1;
    return current;
  };
}
