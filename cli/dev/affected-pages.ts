import path from 'node:path';
import type { Bundle } from '../bundle/bundle-client.ts';
import { contentLayout } from '../project-layout.ts';
import type { Route } from '../route/routes.ts';
import type { ChangeSet } from './classify.ts';
import type { DevRenderer } from './dev-renderer.ts';

/** Which pages an edit can change; every other page keeps its last rendering. */
export function pagesToRender(
  root: string, changes: ChangeSet, renderer: DevRenderer, before: Bundle | undefined, after: Bundle,
  contentDir = path.join(root, 'content'),
): (route: Route) => boolean {
  // The stylesheet and the site script are on every page; island bundles only where islands are.
  const everyPage = !before || before.stylesheet !== after.stylesheet || before.siteScript !== after.siteScript;
  const islandPages = before !== undefined && (before.hydrateScript !== after.hydrateScript || JSON.stringify(before.islands) !== JSON.stringify(after.islands));
  // Folders are judged inside the content folder: the project may itself sit under a `posts/`.
  const folders = changes.content.map((file) => path.relative(contentDir, file).split(path.sep)[0]);
  const markdownOnly = changes.content.every((file, i) => file.endsWith('.md') && folders[i] !== contentLayout.toolkit);
  if (everyPage || !markdownOnly) return () => true;
  const sources = new Set(changes.content);
  const code = new Set([...changes.templates, ...changes.client].map((file) => path.relative(root, file).split(path.sep).join('/')));
  const postsChanged = folders.includes(contentLayout.posts);
  return (route) => {
    if (sources.has(route.source)) return true;
    // The blog list shows every post's card.
    if (postsChanged && route.page.kind === 'blog-index') return true;
    const dependencies = renderer.dependencies.get(renderer.templateFileOf(route.page));
    if (!dependencies) return code.size > 0 || islandPages;
    if (islandPages && dependencies.has('templates/components/Island.tsx')) return true;
    return [...code].some((file) => dependencies.has(file));
  };
}
