import type { ComponentType } from 'react';

/** A component that hydrates on its own in a public page: its name is its file's (`src/islands/<name>.tsx`). */
export type IslandComponent<P extends object> = ComponentType<P> & { islandName: string };

/**
 * Names an island. Its props travel from the server to the browser as JSON in the page's HTML, so they
 * must be plain data (strings, numbers, booleans, arrays and objects of those).
 */
export function defineIsland<P extends object>(name: string, component: ComponentType<P>): IslandComponent<P> {
  return Object.assign(component, { islandName: name });
}
