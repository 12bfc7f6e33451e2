import { Redis } from 'ioredis';
import type { Hit } from './rate-limit-store.ts';

/** Every key Waybill keeps in Redis starts with this, so a Redis shared with other software stays apart. */
const PREFIX = 'waybill:rate-limit:';

/**
 * One hit in a fixed window: the first hit sets the key's expiry, the later ones only count. Atomic in
 * Redis, so hits from any number of processes each get their own count.
 */
const HIT_SCRIPT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return { current, ttl }
`;

type CountingRedis = Redis & { waybillHit(key: string, windowMs: number): Promise<[number, number]> };

/** Rate-limit counters in Redis (REDIS_URL): every process counts each hit there, exactly. */
export class RedisCounts {
  private readonly redis: CountingRedis;

  constructor(url: string) {
    // No offline queue: with Redis away a hit fails at once, and the limit fails open or closed as it says.
    this.redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
    }) as CountingRedis;
    this.redis.defineCommand('waybillHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  }

  /** Connects; a REDIS_URL that does not answer stops the start with its error. */
  async connect(onError: (error: unknown) => void): Promise<void> {
    this.redis.on('error', onError);
    await this.redis.connect();
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    const [current, ttl] = await this.redis.waybillHit(PREFIX + key, Math.max(1, Math.round(windowMs)));
    return { current: Number(current), ttl: Number(ttl) };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
