// Wakes the islands of a public page (the interactive parts; the rest is plain HTML that never
// hydrates). No React here: this file is part of every page's first load, React and Mantine come
// with the first island that wakes. An island wakes on the first sign of use (pointer over it, a touch,
// focus, a key) or, when the server asks, as soon as the page has loaded. What a visitor did before it
// was awake is kept: text typed stays and reaches the island's state, and a click, a form submission
// or a key on a control is held and replayed once the island has hydrated.
import { replayFieldValues, snapshotFields } from './field-replay.ts';

export interface IslandModule {
  default: unknown;
}
export type IslandLoaders = Record<string, () => Promise<IslandModule>>;
type Hydrate = typeof import('./hydrate-island.tsx').hydrateIsland;

// input and change too: a browser's autofill or a file chosen by a script fills fields with neither focus
// nor keys; a file dragged over the page wakes the island that may take it.
const WAKE_EVENTS = [
  'pointerover',
  'pointerdown',
  'touchstart',
  'focusin',
  'keydown',
  'input',
  'change',
  'dragenter',
] as const;
/** Keys whose default action the browser turns into a click (held as that click) or that move focus. */
const KEYS_LEFT_ALONE = new Set(['Enter', ' ', 'Tab', 'Escape']);

interface Held {
  replay(): void;
}

/** Lets the browser paint and handle input before the next piece of work. */
const yieldToBrowser = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Text a visitor types into: its keys do their own work before and after waking. */
function isTextField(target: EventTarget | null): target is HTMLInputElement | HTMLTextAreaElement {
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (!(target instanceof HTMLInputElement) || target.readOnly) return false;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color'].includes(target.type);
}

/** What a click on `target` does without the island's script: a link or a label does its own work. */
function clickNeedsIsland(target: Element): boolean {
  if (target.closest('a[href], label')) return false;
  if (isTextField(target)) return false;
  return !(target instanceof HTMLSelectElement);
}

class IslandWaker {
  private state: 'asleep' | 'waking' | 'awake' = 'asleep';
  private held: Held[] = [];
  private readonly removeListeners: (() => void)[] = [];

  constructor(
    private readonly element: HTMLElement,
    private readonly load: () => Promise<IslandModule>,
    private readonly hydrate: () => Promise<Hydrate>,
  ) {}

  /** Holds what needs the island while it sleeps, and wakes it on the first sign of use. */
  listen(): void {
    const on = <K extends keyof HTMLElementEventMap>(type: K, handler: (event: HTMLElementEventMap[K]) => void) => {
      this.element.addEventListener(type, handler, { capture: true, passive: false });
      this.removeListeners.push(() => this.element.removeEventListener(type, handler, { capture: true }));
    };
    for (const type of WAKE_EVENTS) on(type, () => void this.wake());
    on('click', (event) => {
      if (this.state === 'awake' || !(event.target instanceof Element) || !clickNeedsIsland(event.target)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const target = event.target;
      this.held.push({ replay: () => (target as HTMLElement).click() });
      void this.wake();
    });
    on('submit', (event) => {
      if (this.state === 'awake' || !(event.target instanceof HTMLFormElement)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target;
      this.held.push({ replay: () => form.requestSubmit() });
      void this.wake();
    });
    // A file dropped on a sleeping island would otherwise open in the tab, leaving the page: it is held
    // (the files kept, as the browser clears the drop's own data once the event is over) and dropped again.
    on('dragover', (event) => {
      if (this.state !== 'awake') event.preventDefault();
    });
    on('drop', (event) => {
      if (this.state === 'awake' || !(event.target instanceof Element)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      const target = event.target;
      const files = [...(event.dataTransfer?.files ?? [])];
      this.held.push({
        replay: () => {
          const dataTransfer = new DataTransfer();
          for (const file of files) dataTransfer.items.add(file);
          target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer }));
        },
      });
      void this.wake();
    });
    on('keydown', (event) => {
      if (this.state === 'awake' || event.isComposing) return;
      const { target } = event;
      if (!(target instanceof HTMLElement)) return;
      // Enter in a text area asks the island (the tracking box tracks on Enter); elsewhere keys that
      // become a click, or type, keep their own behaviour.
      const enterInTextArea =
        target instanceof HTMLTextAreaElement && event.key === 'Enter' && !event.shiftKey && !event.altKey;
      if (!enterInTextArea && (isTextField(target) || KEYS_LEFT_ALONE.has(event.key))) return;
      event.preventDefault();
      const init: KeyboardEventInit = {
        key: event.key,
        code: event.code,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        bubbles: true,
        cancelable: true,
      };
      this.held.push({ replay: () => target.dispatchEvent(new KeyboardEvent('keydown', init)) });
    });
  }

  #waking: Promise<void> | undefined;

  /** Wakes the island (once: a call while it wakes or once awake shares that wake). */
  wake(): Promise<void> {
    if (this.state === 'asleep') {
      this.#waking = this.#wake();
      // Failed: the next call tries again.
      void this.#waking.then(() => {
        if (this.state === 'asleep') this.#waking = undefined;
      });
    }
    return this.#waking ?? Promise.resolve();
  }

  async #wake(): Promise<void> {
    this.state = 'waking';
    const fields = snapshotFields(this.element);
    try {
      // Fetched together: the visitor is waiting. Hydration itself is sliced (hydrate-island.tsx).
      const [hydrate, module] = await Promise.all([this.hydrate(), this.load()]);
      const props = JSON.parse(this.element.dataset.islandProps ?? '{}') as object;
      await hydrate(this.element, module.default, props, this.element.dataset.islandPrefix ?? '');
    } catch (error) {
      // A chunk that could not load (a lost connection, a new deployment): the next use tries again.
      this.state = 'asleep';
      console.error(`The ${this.element.dataset.island} part of this page could not start`, error);
      return;
    }
    this.state = 'awake';
    this.element.dataset.islandAwake = '';
    for (const remove of this.removeListeners) remove();
    replayFieldValues(fields);
    // The values' changes render first: a held Enter or click then acts on the state they made.
    await yieldToBrowser();
    const held = this.held;
    this.held = [];
    for (const action of held) action.replay();
  }
}

/**
 * Prepares every island of the page; resolves once those that wake on load have hydrated (the page is
 * then ready: the others wake when used). Waking the others when the browser is idle was measured and
 * dropped: evaluating React and Mantine and hydrating the shipping form took 0.7–1.4 s of a slow phone's
 * main thread (Lighthouse performance 69–81), while a page whose islands sleep scores 96–100.
 */
export async function startIslands(loaders: IslandLoaders, hydrate: () => Promise<Hydrate>): Promise<void> {
  const waking: Promise<void>[] = [];
  for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const load = loaders[name];
    if (!load) {
      console.error(`No island named ${name}`);
      continue;
    }
    const waker = new IslandWaker(element, load, hydrate);
    waker.listen();
    if (element.dataset.islandWake === 'load') waking.push(waker.wake());
  }
  await Promise.all(waking);
}
