import { LRUCache } from 'lru-cache';
import type { RenderedPageBody } from './rendered-page.ts';

interface Entry {
  page: Promise<RenderedPageBody>;
  year: number;
}

/** While changes are not heard (the listening connection lost), a page is kept this long at most. */
const UNHEARD_TTL_MS = 5_000;
/** More than the site has pages: a bound, not a choice (the tracking pages are not kept here). */
const MAX_PAGES = 100;

/**
 * The public pages of this process, rendered once and kept until what they show changes: the database
 * announces every change of the plan or the contact details (migration 0012) and the cache drops them
 * all. A render started before a change is not kept (it may have read the content before it). A new
 * year renders them again (the footer's copyright). Requests for a page being rendered share the render.
 */
export class PageCache {
  readonly #entries: LRUCache<string, Entry>;
  #generation = 0;
  /** Whether every change is heard; while not, pages live UNHEARD_TTL_MS. */
  listening = false;

  constructor(
    private readonly render: (key: string) => Promise<RenderedPageBody>,
    private readonly now: () => number = Date.now,
  ) {
    this.#entries = new LRUCache({ max: MAX_PAGES, ttl: UNHEARD_TTL_MS, ttlResolution: 0, perf: { now } });
  }

  get(key: string): Promise<RenderedPageBody> {
    const year = new Date(this.now()).getFullYear();
    const cached = this.#entries.get(key);
    if (cached && cached.year === year) return cached.page;
    const generation = this.#generation;
    const page = this.render(key);
    const entry = { page, year };
    // Kept until a change is announced while every change is heard (no time limit), else briefly;
    // lru-cache counts an entry stale only past its ttl, hence one millisecond less.
    this.#entries.set(key, entry, { ttl: this.listening ? 0 : UNHEARD_TTL_MS - 1 });
    page.then(
      () => {
        if (generation !== this.#generation && this.#entries.peek(key) === entry) this.#entries.delete(key);
      },
      () => {
        if (this.#entries.peek(key) === entry) this.#entries.delete(key);
      },
    );
    return page;
  }

  /** Something the pages show changed: every page renders again. */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }
}
