import type { RenderedPageBody } from './rendered-page.ts';

interface Entry {
  page: Promise<RenderedPageBody>;
  expiresAt: number;
  year: number;
}

/** While changes are not heard (the listening connection lost), a page is kept this long at most. */
const UNHEARD_TTL_MS = 5_000;

/**
 * The public pages of this process, rendered once and kept until what they show changes: the database
 * announces every change of the plan or the contact details (migration 0012) and the cache drops them
 * all. A render started before a change is not kept (it may have read the content before it). A new
 * year renders them again (the footer's copyright). Requests for a page being rendered share the render.
 */
export class PageCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;
  /** Whether every change is heard; while not, pages live UNHEARD_TTL_MS. */
  listening = false;

  constructor(
    private readonly render: (key: string) => Promise<RenderedPageBody>,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): Promise<RenderedPageBody> {
    const time = this.now();
    const year = new Date(time).getFullYear();
    const cached = this.#entries.get(key);
    if (cached && cached.expiresAt > time && cached.year === year) return cached.page;
    const generation = this.#generation;
    const page = this.render(key);
    const entry = { page, year, expiresAt: this.listening ? Number.POSITIVE_INFINITY : time + UNHEARD_TTL_MS };
    this.#entries.set(key, entry);
    page.then(
      () => {
        if (generation !== this.#generation && this.#entries.get(key) === entry) this.#entries.delete(key);
      },
      () => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
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
