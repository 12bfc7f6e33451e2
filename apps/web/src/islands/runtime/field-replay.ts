// Text typed into an island before it hydrated stays on the screen, but React does not know of it:
// hydration keeps the page's values and records them as its own, so a controlled field's state stays
// empty, and a form library may even reset the field to its default when it registers it. So the
// values a visitor gave before waking are noted (with what the server rendered, to tell them apart)
// and, once the island has hydrated, set again the way a person's typing sets them: React then hears
// an ordinary change.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Noted {
  field: Field;
  /** As the server rendered it: value, or checked for a checkbox or radio button. */
  rendered: string | boolean;
  /** The visitor's latest, read from the page when noted and at every change until the replay. */
  latest: string | boolean | FileList;
}

const isCheckable = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const isFile = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && field.type === 'file';

function renderedValue(field: Field): string | boolean {
  if (isCheckable(field)) return field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const chosen = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return chosen?.value ?? '';
  }
  return field.defaultValue;
}

function currentValue(field: Field): string | boolean | FileList {
  if (isCheckable(field)) return field.checked;
  if (isFile(field)) return field.files ?? '';
  return field.value;
}

export interface FieldSnapshot {
  notes: Map<Field, Noted>;
  stop(): void;
}

/** A field whose text the browser keeps apart from its default once set: text boxes and text areas. */
const hasText = (field: Field): field is HTMLInputElement | HTMLTextAreaElement =>
  field instanceof HTMLTextAreaElement || (field instanceof HTMLInputElement && !isCheckable(field) && !isFile(field));

/** Notes every field of `root` and follows the visitor's changes until `replayFieldValues`. */
export function snapshotFields(root: HTMLElement): FieldSnapshot {
  const notes = new Map<Field, Noted>();
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    notes.set(field, { field, rendered: renderedValue(field), latest: currentValue(field) });
    // Hydration sets each field's default again. A field whose value was never set follows its
    // default, so the browser replaces its text and drops the selection: a visitor who selected the
    // text to type over it would type in front of it instead. Setting the same value marks the field's
    // value as its own (the selection stays), and the defaults no longer touch it.
    if (hasText(field)) {
      const { value } = field;
      field.value = value;
    }
  }
  const follow = (event: Event) => {
    const noted = event.target instanceof Element ? notes.get(event.target as Field) : undefined;
    if (noted) noted.latest = currentValue(noted.field);
  };
  root.addEventListener('input', follow, true);
  root.addEventListener('change', follow, true);
  return {
    notes,
    stop() {
      root.removeEventListener('input', follow, true);
      root.removeEventListener('change', follow, true);
    },
  };
}

/** The value setter of the element's class, which React's own tracker (an instance property) does not see. */
function setUntracked(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}

function replay({ field, rendered, latest }: Noted): void {
  if (latest instanceof FileList) {
    if (latest.length > 0) field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (latest === rendered) return;
  if (isCheckable(field)) {
    // Set the other way through the tracked setter, then click: React hears the click as the change.
    field.checked = !latest;
    field.click();
    return;
  }
  if (field instanceof HTMLSelectElement) {
    field.value = String(latest);
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  // React's tracker must hold something else than the visitor's text for the input event to count.
  field.value = latest === '' ? ' ' : '';
  setUntracked(field, String(latest));
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Gives the hydrated island every value the visitor set before it woke. */
export function replayFieldValues(snapshot: FieldSnapshot): void {
  snapshot.stop();
  for (const noted of snapshot.notes.values()) if (noted.field.isConnected) replay(noted);
}
