import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import IslandBoundary from '../../client/island-boundary.tsx';
import { islands, type IslandName, type IslandProps } from '../../client/islands/index.ts';
import { escapeJsonForScript } from './Layout.tsx';
import { usePage } from './page-context.ts';

/**
 * When an island's code loads: at once (preloaded with the page), when the browser is idle, or
 * when it scrolls into view. React comes with the island's code, so only `load` fetches it
 * before the page's first paint.
 */
export type LoadCondition = 'load' | 'idle' | 'visible';

/**
 * Server-renders an interactive component as its own React root (its own `useId` prefix, as
 * the client will hydrate it) inside a marker that names its bundle and loading condition,
 * with its props as escaped JSON beside it.
 */
export default function Island<N extends IslandName>({
  name,
  when = 'visible',
  props,
}: {
  name: N;
  when?: LoadCondition;
  props: IslandProps<N>;
}) {
  const page = usePage();
  const id = `island-${page.islands.length}`;
  page.islands.push(name);
  if (when === 'load') page.eagerIslands.push(name);
  // The registry maps each name to its component; TypeScript cannot narrow the union by N.
  const View = islands[name] as unknown as ComponentType<Record<string, unknown>>;
  const fallback = page.model.data.ui.islandFallback;
  const html = renderToString(
    <IslandBoundary fallback={fallback}>
      <View {...(props as Record<string, unknown>)} />
    </IslandBoundary>,
    { identifierPrefix: `${id}-` },
  );
  return (
    <>
      <div
        className="island"
        data-island={name}
        data-when={when}
        data-id={id}
        data-src={page.assets.islands?.[name]}
        data-fallback={fallback}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <script
        type="application/json"
        data-island-props={id}
        dangerouslySetInnerHTML={{ __html: escapeJsonForScript(props) }}
      />
    </>
  );
}
