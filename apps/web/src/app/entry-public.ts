// The script of every public page: the shell's toggle and menu, then the islands (the interactive parts).
// It imports no React: React and Mantine load with the first island that wakes.
import { startIslands } from '../islands/runtime/island-loader.ts';
import { islandLoaders } from '../islands/runtime/registry.ts';
import { startColourToggle, startSiteMenu } from './shell-behaviour.ts';

startColourToggle();
startSiteMenu();
void startIslands(islandLoaders, () =>
  import('../islands/runtime/hydrate-island.tsx').then((module) => module.hydrateIsland),
)
  // Browser tests wait for this mark: the page is usable (islands that wake on load have hydrated).
  .finally(() => document.documentElement.setAttribute('data-waybill-ready', ''));
