// React and its DOM renderer, which the hydration script imports only once an island's load
// condition is met: until then a page fetches no framework code, so its first paint and its
// largest image share the network with nothing heavy.
import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import IslandBoundary from './island-boundary.tsx';

/**
 * Hydrates the server-rendered island `element` with `Component`, as its own React root. In a
 * transition, as Remix hydrates its documents: React then hydrates in slices and yields to the
 * browser between them, so a long list (the blog's, the case studies') never blocks input in one
 * long task, and a visitor's click meanwhile is answered first.
 */
export function mountIsland(
  element: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { id, fallback }: { id: string; fallback: string },
): void {
  startTransition(() => {
    hydrateRoot(
      element,
      createElement(IslandBoundary, {
        fallback,
        // Marks the island as interactive once the whole tree has hydrated (tests wait for it).
        onMount: () => element.setAttribute('data-hydrated', ''),
        children: createElement(Component, props),
      }),
      { identifierPrefix: `${id}-` },
    );
  });
}
