// Loaded only on pages that contain islands. Browser-only: assumes IntersectionObserver and
// dynamic import(); requestIdleCallback is optional (Safari lacks it, so a timeout stands in).
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import IslandBoundary from './island-boundary.tsx';

type Condition = (element: HTMLElement) => Promise<void>;

/** When an island may load, by the name a template gives in `data-when`. */
const conditions: Record<string, Condition> = {
  load: () => Promise.resolve(),
  idle: () =>
    new Promise((resolve) => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
      else setTimeout(resolve, 200);
    }),
  visible: (element) =>
    new Promise((resolve) => {
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            resolve();
          }
        },
        { rootMargin: '200px' },
      );
      observer.observe(element);
    }),
};

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const { id, src, when = 'load', fallback = '' } = element.dataset;
  try {
    await (conditions[when] ?? conditions.load!)(element);
    const propsScript = document.querySelector(`script[data-island-props="${id}"]`);
    const props = JSON.parse(propsScript?.textContent || '{}') as Record<string, unknown>;
    const module = (await import(/* @vite-ignore */ src!)) as { default: ComponentType<Record<string, unknown>> };
    hydrateRoot(
      element,
      createElement(IslandBoundary, {
        fallback,
        // Marks the island as interactive once the whole tree has hydrated (tests wait for it).
        onMount: () => element.setAttribute('data-hydrated', ''),
        children: createElement(module.default, props),
      }),
      {
        identifierPrefix: `${id}-`,
      },
    );
  } catch (error) {
    console.error(error);
    const message = document.createElement('p');
    message.className = 'island-fallback';
    message.setAttribute('role', 'alert');
    message.textContent = fallback;
    element.replaceChildren(message);
  }
}

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) void hydrateIsland(element);
