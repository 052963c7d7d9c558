// Loaded only on pages that contain islands. Browser-only: assumes IntersectionObserver and
// dynamic import(); requestIdleCallback is optional (Safari lacks it, so a timeout stands in).
// It imports no framework itself: React comes with the first island whose condition is met
// (mount-island.ts), so an island that waits for idle time or for the visitor's scroll costs
// the page's first paint nothing.
import type { ComponentType } from 'react';

type Condition = (element: HTMLElement) => Promise<void>;

/** When an island may load, by the name a template gives in `data-when`. */
const conditions: Record<string, Condition> = {
  load: () => Promise.resolve(),
  // Once the page has loaded (its first images included) and the browser has nothing else to do.
  idle: () =>
    afterLoad().then(
      () =>
        new Promise((resolve) => {
          if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2000 });
          else setTimeout(resolve, 200);
        }),
    ),
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

/** Resolves once the document and everything it loads at once (stylesheet, eager images) are in. */
function afterLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const { id, src, when = 'load', fallback = '' } = element.dataset;
  try {
    await (conditions[when] ?? conditions.load!)(element);
    const propsScript = document.querySelector(`script[data-island-props="${id}"]`);
    const props = JSON.parse(propsScript?.textContent || '{}') as Record<string, unknown>;
    const [{ mountIsland }, module] = await Promise.all([
      import('./mount-island.ts'),
      import(/* @vite-ignore */ src!) as Promise<{ default: ComponentType<Record<string, unknown>> }>,
    ]);
    mountIsland(element, module.default, props, { id: id!, fallback });
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
