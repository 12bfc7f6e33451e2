// SPEC's routes spell a few fields their own way (`rname`, `remail`, `rphone`, the contact details'
// `watsapp`), and existing clients send and read them so. The code and the database use plain names;
// the SPEC's spelling exists only at those routes' edge: the schemas a route declares are made from the
// code's shapes by renaming their keys here, and a value crosses the edge through `toWire`/`fromWire`.

type Names = Readonly<Record<string, string>>;

/** `T` with each key that `M` names renamed to `M`'s value. */
export type Renamed<T, M extends Names> = { [K in keyof T as K extends keyof M ? M[K] : K]: T[K] };
/** The reverse of a renaming: wire name to code name. */
type Reversed<M extends Names> = { [K in keyof M as M[K]]: K & string };

export interface WireNames<M extends Names> {
  /** The code's names to the wire's (an answer, a form the browser sends). */
  toWire<T extends object>(value: T): Renamed<T, M>;
  /** The wire's names to the code's (a request's fields, an answer the browser reads). */
  fromWire<T extends object>(value: T): Renamed<T, Reversed<M>>;
  /** A code name's wire name (a form field, an error's path). */
  wireName(name: string): string;
}

function renameKeys(value: object, names: Names): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [names[key] ?? key, entry]));
}

function wireNames<const M extends Names>(names: M): WireNames<M> {
  const reversed: Names = Object.fromEntries(Object.entries(names).map(([code, wire]) => [wire, code]));
  return {
    toWire: <T extends object>(value: T) => renameKeys(value, names) as Renamed<T, M>,
    fromWire: <T extends object>(value: T) => renameKeys(value, reversed) as Renamed<T, Reversed<M>>,
    wireName: (name) => names[name] ?? name,
  };
}

/** The receiver's fields of a package: SPEC §3 and §7 write them `rname`, `remail`, `rphone`. */
export const receiverWire = wireNames({ receiverName: 'rname', receiverEmail: 'remail', receiverPhone: 'rphone' });

/** The contact details' WhatsApp link: SPEC §3 spells it `watsapp`. */
export const contactWire = wireNames({ whatsapp: 'watsapp' });
