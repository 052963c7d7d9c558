// React and its DOM renderer, which the hydration script imports only once an island's load
// condition is met: until then a page fetches no framework code, so its first paint and its
// largest image share the network with nothing heavy.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import IslandBoundary from './island-boundary.tsx';

/** Hydrates the server-rendered island `element` with `Component`, as its own React root. */
export function mountIsland(
  element: HTMLElement,
  Component: ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
  { id, fallback }: { id: string; fallback: string },
): void {
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
}
