import { randomBytes } from 'node:crypto';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are UUIDs; anything else can match no row (and PostgreSQL would refuse to cast it). */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * `count` new UUIDs (version 7: the time in milliseconds first) that sort in the order made, those of
 * one call after one another whatever the clock does meanwhile: a counter follows the time.
 */
export function orderedUuids(count: number, now = Date.now()): string[] {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const bytes = randomBytes(16);
    // 48 bits of milliseconds (carrying the counter's overflow), 4 of version, 12 of counter.
    const time = now + Math.floor(index / 4096);
    bytes.writeUIntBE(time, 0, 6);
    bytes.writeUInt16BE(0x7000 | (index % 4096), 6);
    bytes[8] = 0x80 | (bytes[8]! & 0x3f);
    const hex = bytes.toString('hex');
    ids.push(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }
  return ids;
}
