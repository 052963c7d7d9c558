// Site facts the browser tests check against, read from content/ so a content edit does not
// need a test edit (and a test cannot pass against text it made up).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageHref } from '../../cli/route/trailing-slash.ts';

const content = path.resolve(import.meta.dirname, '..', '..', 'content');
const readJson = <T>(name: string): T => JSON.parse(readFileSync(path.join(content, 'data', `${name}.json`), 'utf8')) as T;

/** The slug from a post's front matter, or its file name. */
function slugOf(file: string): string {
  const text = readFileSync(path.join(content, 'posts', file), 'utf8');
  return /^slug:\s*["']?([\w-]+)["']?\s*$/m.exec(text)?.[1] ?? path.basename(file, '.md');
}

export const postSlugs = readdirSync(path.join(content, 'posts')).filter((file) => file.endsWith('.md')).map(slugOf).sort();
export const audiences = readJson<{ slug: string; navTitle: string }[]>('audiences');
export const guides = readJson<{ topic: string; name: string; guideName: string }[]>('guides');
export const testimonials = readJson<{ company: string; videoUrl: string }[]>('testimonials');
export const caseStudies = readJson<{ studies: { company: string; videoUrl: string }[] }>('case-studies').studies;
export const forms = readJson<{
  submitting: string;
  captcha: { required: string; error: string; expired: string };
  failure: string;
  consultation: { submit: string; interest: { options: string[] } };
  guide: { submit: string };
  toolkit: { submit: string; fixedGuideName: string };
}>('forms');
export const ui = readJson<{ islandFallback: string; skipToContent: string; askUsAnything: string; notFound: { title: string; home: { text: string; href: string }; links: { text: string; href: string }[] } }>('ui');

/** A site path as the site publishes it: pages end with a slash (site.json `trailingSlash: always`). */
export const pageAddress = (sitePath: string): string => pageHref(sitePath, 'always');

/** content/data/search.json, the words of the search page. */
export const searchText = readJson<{
  headerLabel: string;
  fieldLabel: string;
  sections: { blog: string; guides: string; services: string; caseStudies: string };
  filters: { section: string; tag: string; category: string; allSections: string };
  results: { one: string; other: string; forQuery: string };
  browse: { noScript: string; blog: { text: string; href: string }; guidesHeading: string };
}>('search');

/**
 * Words site search finds on one page only: one in a guide article's body and nowhere else, one
 * in a post's excerpt (front matter the post page does not show) and nowhere else.
 * tests/site/search.test.ts checks both against the content and the built index.
 */
export const searchWords = {
  guideArticleBody: { word: 'credibility', path: '/guides/content/productivity/', file: 'guides/productivity.md' },
  postExcerpt: { word: 'unpredictable', path: '/blog/integrating-ai-qa-tools-into-ci-cd/', file: 'posts/integrating-ai-qa-tools-into-ci-cd.md' },
} as const;
