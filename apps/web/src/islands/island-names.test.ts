import { describe, expect, it } from 'vitest';

// The page names an island by `islandName` (defineIsland) and the browser loads it by its file's name
// (runtime/registry.ts): a name that differs from its file is an island that never wakes.
const islands = import.meta.glob<{ default: { islandName?: string } }>(['./*.tsx', '!./*.test.tsx'], {
  eager: true,
});

describe('islands', () => {
  it('are each named after their file', () => {
    const named = Object.entries(islands).map(([file, module]) => ({
      file: file.slice('./'.length, -'.tsx'.length),
      name: module.default.islandName,
    }));
    expect(named.length).toBeGreaterThanOrEqual(8);
    for (const { file, name } of named) expect(name, `src/islands/${file}.tsx`).toBe(file);
  });
});
