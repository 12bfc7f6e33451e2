import type { IslandLoaders, IslandModule } from './island-loader.ts';

// Tests beside the islands are not islands: left out, they stay out of the build too.
const modules = import.meta.glob<IslandModule>(['../*.tsx', '!../*.test.tsx']);

/** Each island by its name, which is its file's (`src/islands/<name>.tsx`); loading one fetches its chunks. */
export const islandLoaders: IslandLoaders = Object.fromEntries(
  Object.entries(modules).map(([file, load]) => [file.slice(file.lastIndexOf('/') + 1, -'.tsx'.length), load]),
);
