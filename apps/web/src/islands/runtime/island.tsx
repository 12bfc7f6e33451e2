import { useId } from 'react';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '../../lib/query-client.ts';
import type { IslandComponent } from './define-island.ts';
import { IslandRoot } from './island-root.tsx';

/**
 * When an island wakes: `interaction` when a visitor points at, touches, focuses or types in it (what
 * they did meanwhile is replayed once it is awake); `load` as soon as the page has loaded (a page that
 * must act at once, such as a tracking answer to announce).
 */
export type IslandWake = 'interaction' | 'load';

interface IslandProps<P extends object> {
  of: IslandComponent<P>;
  props: P;
  wake?: IslandWake;
}

/**
 * Server side: renders an island's HTML apart from the page, exactly as the browser will hydrate it
 * (its own root, its own id prefix), inside an element that names it and carries its props as JSON.
 * The page around it is plain HTML that never hydrates.
 */
export function Island<P extends object>({ of: Component, props, wake = 'interaction' }: IslandProps<P>) {
  const prefix = `i${useId().replace(/[^A-Za-z0-9]/g, '')}-`;
  const html = renderToString(
    <IslandRoot queryClient={createQueryClient()}>
      <Component {...props} />
    </IslandRoot>,
    { identifierPrefix: prefix },
  );
  return (
    <div
      data-island={Component.islandName}
      data-island-prefix={prefix}
      data-island-props={JSON.stringify(props)}
      data-island-wake={wake}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own server rendering of the island
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
