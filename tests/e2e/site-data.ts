// Site facts the browser tests check against, read from content/ so a content edit does not
// need a test edit (and a test cannot pass against text it made up).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pageHref } from '../../cli/route/trailing-slash.ts';

const content = path.resolve(import.meta.dirname, '..', '..', 'content');
const readJson = <T>(name: string): T =>
  JSON.parse(readFileSync(path.join(content, 'data', `${name}.json`), 'utf8')) as T;

/** The slug from a post's front matter, or its file name. */
function slugOf(file: string): string {
  const text = readFileSync(path.join(content, 'posts', file), 'utf8');
  return /^slug:\s*["']?([\w-]+)["']?\s*$/m.exec(text)?.[1] ?? path.basename(file, '.md');
}

export const postSlugs = readdirSync(path.join(content, 'posts'))
  .filter((file) => file.endsWith('.md'))
  .map(slugOf)
  .sort();
export const audiences = readJson<{ slug: string; navTitle: string }[]>('audiences');
export const guides = readJson<{ topic: string; name: string; guideName: string }[]>('guides');
export const testimonials = readJson<{ company: string; videoUrl: string }[]>('testimonials');
export const caseStudies = readJson<{ studies: { company: string; videoUrl: string }[] }>('case-studies').studies;
export const forms = readJson<{
  submitting: string;
  captcha: { required: string; error: string; expired: string };
  failure: string;
  fieldProblems: { required: string; email: string; 'too-long': string; choose: string };
  privacyLink: string;
  consultation: { submit: string; note: string; interest: { options: string[] } };
  guide: { submit: string; note: string };
  toolkit: { submit: string; note: string; fixedGuideName: string };
}>('forms');
export const ui = readJson<{
  islandFallback: string;
  skipToContent: string;
  askUsAnything: string;
  dock: { label: string; book: { text: string; href: string } };
  notFound: {
    title: string;
    home: { text: string; href: string };
    search: { label: string };
    links: { text: string; href: string }[];
  };
}>('ui');

/** content/data/toolkit.json: what the POM files page says once its form is sent. */
export const toolkitText = readJson<{ unlocked: { heading: string; status: string } }>('toolkit');

/** A site path as the site publishes it: pages end with a slash (site.json `trailingSlash: always`). */
export const pageAddress = (sitePath: string): string => pageHref(sitePath, 'always');

/** content/data/search.json, the words of the search page. */
export const searchText = readJson<{
  headerLabel: string;
  fieldLabel: string;
  sections: { blog: string; guides: string; services: string; caseStudies: string };
  filters: { label: string; section: string; tag: string; category: string; allSections: string; toggle: string };
  results: {
    one: string;
    other: string;
    forQuery: string;
    noneOffers: { guidesHeading: string; consultation: { text: string; href: string } };
  };
  browse: { noScript: string; blog: { text: string; href: string }; guidesHeading: string };
}>('search');

/**
 * Words of one page only: one in a full guide's body and nowhere else (search does not find it:
 * the guide is had through its form), one a guide overview says and no other indexed page, one
 * in a post's excerpt (front matter the post page does not show) and nowhere else, and one only
 * in a post's code (search leaves code out). tests/site/search.test.ts checks them against the
 * content and the built index.
 */
export const searchWords = {
  guideArticleBody: { word: 'credibility', path: '/guides/content/productivity/', file: 'guides/productivity.md' },
  guideOverview: { word: 'meaningless', path: '/guides/playwright/' },
  postExcerpt: {
    word: 'unpredictable',
    path: '/blog/integrating-ai-qa-tools-into-ci-cd/',
    file: 'posts/integrating-ai-qa-tools-into-ci-cd.md',
  },
  postCodeOnly: { word: 'balanceDue', path: '/blog/future-of-manual-testing-with-ai/' },
} as const;
export const navigation = readJson<{
  footer: { newsletter: { label: string; buttonLabel: string; thanks: string } };
}>('navigation');
