import { useContext, type ReactElement } from 'react';
import { preload } from 'react-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { LayoutScope, PageContext, usePage, type PageContextValue, type RecordedLink } from './page-context.ts';
import { hrefStyle } from './SiteLink.tsx';

interface SharedRender {
  html: string;
  links: RecordedLink[];
  /** Images React preloads for this markup; re-declared on each page so they land in its head. */
  imagePreloads: string[];
}

/** React writes the preloads of a fragment's eager images at its start. */
const leadingImagePreloads = /^(?:<link rel="preload" as="image" href="[^"]*"\/>)+/;

/** Renderings by build (each build validates a new model) and by name and variant. */
const renderedByModel = new WeakMap<object, Map<string, SharedRender>>();

/**
 * Markup that repeats on every page, such as the header and footer, renders once per build and
 * is reused as HTML; each page still records the links it contains, for check-links. What the
 * markup may depend on: the site data, whether it sits in the layout, and how links are written
 * on the page (see `hrefStyle`). It may not contain islands, whose ids are numbered per page.
 */
export function useSharedMarkup(name: string, element: ReactElement): string {
  const page = usePage();
  const inLayout = useContext(LayoutScope);
  let rendered = renderedByModel.get(page.model);
  if (!rendered) renderedByModel.set(page.model, (rendered = new Map()));
  const key = `${name}\0${inLayout ? 'layout' : page.templateFile}\0${hrefStyle(page.route)}`;
  let shared = rendered.get(key);
  if (!shared) {
    const value: PageContextValue = { ...page, links: [], islands: [], eagerIslands: [] };
    const html = renderToStaticMarkup(
      <PageContext.Provider value={value}>
        <LayoutScope.Provider value={inLayout}>{element}</LayoutScope.Provider>
      </PageContext.Provider>,
    );
    if (value.islands.length > 0)
      throw new Error(`shared markup "${name}" cannot contain islands (found ${value.islands.join(', ')})`);
    const preloads = leadingImagePreloads.exec(html)?.[0] ?? '';
    const imagePreloads = [...preloads.matchAll(/href="([^"]*)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
    shared = { html: html.slice(preloads.length), links: value.links, imagePreloads };
    rendered.set(key, shared);
  }
  page.links.push(...shared.links);
  for (const href of shared.imagePreloads) preload(href, { as: 'image' });
  return shared.html;
}
