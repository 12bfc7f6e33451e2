import { describe, expect, it } from 'vitest';
import { AnswerCache, type AnswerCacheOptions, strongEtag } from './answer-cache.ts';

function makeCache(options: Partial<AnswerCacheOptions> = {}) {
  let clock = 1_000_000;
  const cache = new AnswerCache({
    maxEntries: 100,
    maxBytes: 10_000,
    maxMisses: 100,
    ttlMs: 60_000,
    missTtlMs: 10_000,
    now: () => clock,
    ...options,
  });
  cache.enabled = true;
  const reads: string[] = [];
  /** The loader of `key`: its JSON, or "not found" for null. */
  const load = (key: string, json: string | null = `{"code":"${key}","n":${reads.length}}`) => {
    return () => {
      reads.push(key);
      return Promise.resolve(json ?? undefined);
    };
  };
  return { cache, reads, load, advance: (ms: number) => (clock += ms) };
}

describe('AnswerCache', () => {
  it('reads a key once and answers it from memory with its strong ETag after', async () => {
    const { cache, reads, load } = makeCache();
    const first = await cache.get('A', load('A'));
    const second = await cache.get('A', load('A'));
    expect(reads).toEqual(['A']);
    expect(second).toBe(first);
    expect(first.etag).toBe(strongEtag(first.json!));
    expect(first.etag).toMatch(/^"[\w-]{32}"$/);
  });

  it('shares one read between requests for the same key at the same moment', async () => {
    const { cache, reads, load } = makeCache();
    const answers = await Promise.all([
      cache.get('A', load('A')),
      cache.get('A', load('A')),
      cache.get('B', load('B')),
    ]);
    expect(reads).toEqual(['A', 'B']);
    expect(answers[0]).toBe(answers[1]);
  });

  it('forgets an invalidated key, and does not keep an answer read while its key changed', async () => {
    const { cache, reads, load } = makeCache();
    await cache.get('A', load('A'));
    cache.invalidate('A');
    await cache.get('A', load('A'));
    expect(reads).toEqual(['A', 'A']);

    let release!: (json: string) => void;
    const slow = cache.get('B', () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate('B');
    release('{"stale":true}');
    expect((await slow).json).toBe('{"stale":true}');
    const fresh = await cache.get('B', load('B', '{"stale":false}'));
    expect(fresh.json).toBe('{"stale":false}');
  });

  it('keeps nothing while off, and starts empty when turned on', async () => {
    const { cache, reads, load } = makeCache();
    await cache.get('A', load('A'));
    cache.enabled = false;
    await cache.get('A', load('A'));
    await cache.get('A', load('A'));
    expect(cache.size).toBe(0);
    cache.enabled = true;
    await cache.get('A', load('A'));
    await cache.get('A', load('A'));
    expect(reads).toEqual(['A', 'A', 'A', 'A']);
  });

  it('lets an answer live 60 s and a "not found" 10 s, whatever was announced', async () => {
    const { cache, reads, load, advance } = makeCache();
    expect(await cache.get('A', load('A'))).toMatchObject({ json: expect.any(String) });
    expect(await cache.get('NOPE', load('NOPE', null))).toEqual({ json: undefined, etag: undefined });
    advance(9_999);
    await cache.get('NOPE', load('NOPE', null));
    expect(reads).toEqual(['A', 'NOPE']);
    advance(1);
    await cache.get('NOPE', load('NOPE', null));
    expect(reads).toEqual(['A', 'NOPE', 'NOPE']);
    advance(49_999);
    await cache.get('A', load('A'));
    expect(reads).toHaveLength(3);
    advance(1);
    await cache.get('A', load('A'));
    expect(reads).toEqual(['A', 'NOPE', 'NOPE', 'A']);
  });

  it('spreads lifetimes over the last quarter when asked, never past the full lifetime', async () => {
    let draw = 0;
    const { cache, reads, load, advance } = makeCache({ ttlSpread: 0.25, random: () => [0, 0.999, 0.5][draw++]! });
    for (const key of ['A', 'B', 'C']) await cache.get(key, load(key));
    advance(44_999);
    for (const key of ['A', 'B', 'C']) await cache.get(key, load(key));
    expect(reads).toEqual(['A', 'B', 'C']);
    advance(16); // 45.015 s: B (the largest cut, 0.999 of a quarter) has expired
    for (const key of ['A', 'B', 'C']) await cache.get(key, load(key));
    expect(reads).toEqual(['A', 'B', 'C', 'B']);
    advance(7_485); // 52.5 s: C (half the spread) too
    await cache.get('C', load('C'));
    advance(7_500); // 60 s: A (no cut) too
    await cache.get('A', load('A'));
    expect(reads).toEqual(['A', 'B', 'C', 'B', 'C', 'A']);
  });

  it('drops the least recently used answer past its entry or character budget', async () => {
    const { cache, reads, load } = makeCache({ maxEntries: 2, maxBytes: 25 });
    await cache.get('A', load('A', 'a'.repeat(10)));
    await cache.get('B', load('B', 'b'.repeat(10)));
    await cache.get('A', load('A')); // A is now the most recently used
    await cache.get('C', load('C', 'c'.repeat(10))); // over 2 entries and 25 characters: B goes
    expect(reads).toEqual(['A', 'B', 'C']);
    await cache.get('A', load('A'));
    await cache.get('C', load('C'));
    expect(reads).toEqual(['A', 'B', 'C']);
    await cache.get('B', load('B', 'b'));
    expect(reads).toEqual(['A', 'B', 'C', 'B']);
    expect(cache.size).toBe(2);
  });

  it('keeps "not found" apart, so guessed codes cannot push out real answers', async () => {
    const { cache, reads, load } = makeCache({ maxEntries: 2, maxMisses: 2 });
    await cache.get('A', load('A'));
    for (const guess of ['X1', 'X2', 'X3', 'X4']) await cache.get(guess, load(guess, null));
    await cache.get('A', load('A'));
    expect(reads.filter((key) => key === 'A')).toHaveLength(1);
    expect(cache.size).toBe(3);
  });

  it('does not keep a failed read', async () => {
    const { cache, reads, load } = makeCache();
    await expect(cache.get('A', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    await cache.get('A', load('A'));
    expect(reads).toEqual(['A']);
  });

  it('checks each text read before keeping or sending it', async () => {
    const { cache, load } = makeCache();
    const refuse = (json: string) => {
      if (json.includes('email')) throw new Error('not public');
    };
    await expect(cache.get('A', load('A', '{"email":"a@b.c"}'), refuse)).rejects.toThrow('not public');
    expect(cache.size).toBe(0);
  });
});
