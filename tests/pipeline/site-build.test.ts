// The marketing site, built once to disk from a copy of its content whose first post sets its
// own share picture: every page the SPEC lists, the files beside them, its responsive pictures,
// share cards and structured data, and links that all resolve. Engine behaviour is tested on the
// tiny site (build-site.test.ts); this file is about what visitors of this site get.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { HtmlValidate } from 'html-validate';
import sharp from 'sharp';
import { checkSite, type LinkReport } from '../../cli/check/index.ts';
import { loadContent } from '../../cli/load/load-content.ts';
import { buildSite, type BuildResult } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import type { SiteModel } from '../../templates/site/model.ts';
import { blogPostPath } from '../../templates/site/urls.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { parsePage, placeholderPattern, type Page } from '../helpers/html.ts';
import { validateSiteModel } from '../helpers/site-model.ts';
import { projectCache } from '../helpers/sites.ts';
import { realSite } from '../helpers/real-site.ts';
import { parseXml } from '../helpers/xml.ts';

const siteUrl = 'https://www.checkpointqa.com';
/** The post that shares a picture of its own (socialImage) instead of a drawn card. */
const socialPost = 'ai-powered-bug-reports';

let outDir: string;
let cleanup: () => Promise<void>;
let content: string;
let result: BuildResult;
let model: SiteModel;
let pages: { file: string; page: Page }[];
const read = (file: string) => readFile(path.join(outDir, file), 'utf8');

before(async () => {
  let dir: string;
  ({ dir, content, cleanup } = await copyContent());
  outDir = path.join(dir, 'dist');
  const picture = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#e11d48' } })
    .jpeg()
    .toBuffer();
  await writeFile(path.join(content, 'images', 'posts', 'launch-photo.jpg'), picture);
  await editFile(
    path.join(content, 'posts', `${socialPost}.md`),
    /^category:/m,
    'socialImage: /images/posts/launch-photo.jpg\nsocialImageAlt: "A red launch banner"\ncategory:',
  );
  result = await buildSite({
    root: projectRoot,
    site: realSite,
    contentDir: content,
    cache: projectCache,
    writer: new DiskWriter(outDir),
    now: new Date('2026-11-21T00:00:00Z'),
  });
  model = validateSiteModel(await loadContent(content, realSite.definition.content));
  pages = await Promise.all(
    (await htmlFiles(outDir)).map(async (file) => ({ file, page: parsePage(await read(file)) })),
  );
});
after(() => cleanup());

async function htmlFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

// ---- Pages ----

/** The text of each element of a page whose class list has `name`. */
const classTexts = (page: Page, name: string) =>
  page.all((e) => (e.attribs.class ?? '').split(' ').includes(name)).map((e) => page.text(e));

/** Every route of SPEC section 2, and the search page, with the h1 and <title> its page must have. */
const expectedPages: [file: string, h1: string | RegExp, title: string | RegExp][] = [
  ['index.html', 'AI-Powered QA Engineers, Not Just Tools', /^Checkpoint QA \| /],
  ['services/startups/index.html', 'Launch Faster, Fail Safer: QA for Ambitious Startups', / \| Checkpoint QA$/],
  ['services/legacy/index.html', 'Unlock Agility in Your Legacy Systems with AI-Powered QA', / \| Checkpoint QA$/],
  [
    'services/non-traditional/index.html',
    "You're Experts in Your Field. Let Us Be Experts in Your Software Quality.",
    / \| Checkpoint QA$/,
  ],
  ['services/devshops/index.html', 'Turn Quality into Happier Clients and Higher Revenue', / \| Checkpoint QA$/],
  ...(['playwright', 'test-data', 'cursor-usage', 'bug-documentation', 'productivity'] as const).flatMap((topic) => [
    [`guides/${topic}/index.html`, /\S/, /Free Guide \| Checkpoint QA$/] as [string, RegExp, RegExp],
    [`guides/content/${topic}/index.html`, /\S/, / \| Checkpoint QA$/] as [string, RegExp, RegExp],
  ]),
  ['blog/index.html', 'AI Testing Insights Blog', 'AI Testing Insights Blog | Checkpoint QA'],
  [
    'blog/the-reality-of-ai-in-qa-testing/index.html',
    'The Reality of AI in QA Testing: Beyond the Hype',
    'The Reality of AI in QA Testing: Beyond the Hype | Checkpoint QA Blog',
  ],
  [
    'blog/optimizing-cursor-for-test-generation/index.html',
    'Optimizing Cursor for Test Generation: A Complete Guide',
    'Optimizing Cursor for Test Generation: A Complete Guide | Checkpoint QA Blog',
  ],
  [
    'blog/building-smart-test-data-factories/index.html',
    'Building Smart Test Data Factories with AI',
    'Building Smart Test Data Factories with AI | Checkpoint QA Blog',
  ],
  [
    'blog/future-of-manual-testing-with-ai/index.html',
    'The Future of Manual Testing with AI Assistance',
    'The Future of Manual Testing with AI Assistance | Checkpoint QA Blog',
  ],
  [
    'blog/ai-powered-bug-reports/index.html',
    'AI-Powered Bug Reports: A New Standard',
    'AI-Powered Bug Reports: A New Standard | Checkpoint QA Blog',
  ],
  [
    'blog/integrating-ai-qa-tools-into-ci-cd/index.html',
    'Integrating AI QA Tools into Your CI/CD Pipeline',
    'Integrating AI QA Tools into Your CI/CD Pipeline | Checkpoint QA Blog',
  ],
  ['case-studies/index.html', /\S/, 'Case Studies | Checkpoint QA'],
  ['humans/index.html', /\S/, / \| Checkpoint QA$/],
  ['getting-started/index.html', /\S/, / \| Checkpoint QA$/],
  ['pom-files/index.html', /\S/, / \| Checkpoint QA$/],
  ['terms/index.html', 'Terms of Service', 'Terms of Service | Checkpoint QA'],
  ['privacy/index.html', 'Privacy Policy', 'Privacy Policy | Checkpoint QA'],
  ['search/index.html', 'Search the Site', 'Search | Checkpoint QA'],
  ['404.html', /\S/, 'Page not found | Checkpoint QA'],
];
/** A page per category and tag of the six posts, each on one page of posts, and the pages listing them all: the blog's lists (templates/site/routes.ts). */
const categories = ['ai-testing', 'data', 'devops', 'documentation', 'manual-testing', 'tools'];
const tags = [
  'ai',
  'ai-assistance',
  'ai-tools',
  'automation',
  'bug-reporting',
  'ci-cd',
  'cursor',
  'data-generation',
  'devops',
  'documentation',
  'efficiency',
  'future-trends',
  'manual-testing',
  'productivity',
  'qa',
  'test-data',
  'test-generation',
  'testing',
  'trends',
];
/** A page per author of the six posts (content/data/people.json). */
const authors = ['daniel-reyes', 'elif-demir', 'hannah-lindqvist', 'maya-okafor', 'sam-whitaker'];
const termPages = [
  ...categories.map((slug) => `blog/categories/${slug}/index.html`),
  ...tags.map((slug) => `blog/tags/${slug}/index.html`),
  'blog/categories/index.html',
  'blog/tags/index.html',
  ...authors.map((id) => `blog/authors/${id}/index.html`),
];

test('builds one page per route of the SPEC, and commits them', () => {
  assert.equal(result.committed, true);
  assert.deepEqual(
    result.pages.map((page) => page.route.file).sort(),
    [...expectedPages.map(([file]) => file), ...termPages].sort(),
  );
});

for (const [file, h1, title] of expectedPages) {
  test(`writes ${file} with one h1, its title and complete head metadata`, async () => {
    const page = parsePage(await read(file));
    const headings = page.texts('h1');
    assert.equal(headings.length, 1, `h1 count in ${file}`);
    if (typeof h1 === 'string') assert.equal(headings[0], h1);
    else assert.match(headings[0]!, h1);
    const [documentTitle] = page.texts('title');
    if (typeof title === 'string') assert.equal(documentTitle, title);
    else assert.match(documentTitle!, title);
    assert.equal(page.all((e) => e.name === 'html')[0]?.attribs.lang, 'en');
    assert.ok(page.meta('description'), 'meta description');
    assert.ok(page.meta('og:title') && page.meta('og:image') && page.meta('twitter:card'), 'social tags');
    assert.ok(
      page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]?.attribs.href?.startsWith('https://'),
    );
    assert.equal(page.all((e) => e.name === 'main').length, 1);
    assert.equal(
      page.all((e) => e.name === 'header').length >= 1 && page.all((e) => e.name === 'footer').length >= 1,
      true,
    );
    for (const image of page.all((e) => e.name === 'img')) {
      assert.ok(
        image.attribs.alt !== undefined && image.attribs.width && image.attribs.height,
        `img ${image.attribs.src} in ${file}`,
      );
    }
  });
}

/** The text of a page's body outside code, scripts and templates, as a visitor reads it. */
function textOutsideCode(nodes: ChildNode[]): string {
  return nodes
    .map((node) => {
      if (isText(node)) return node.data;
      if (isTag(node) && !['pre', 'code', 'script', 'style', 'template'].includes(node.name))
        return textOutsideCode(node.children);
      return '';
    })
    .join('');
}

test('no page keeps a bracketed placeholder or unfilled braces outside code', async () => {
  // The browser tests visit one page of each template; this reads every page the build wrote.
  assert.ok(pages.length > 40);
  for (const { file } of pages) {
    const text = textOutsideCode(parseDocument(await read(file)).children);
    assert.doesNotMatch(text, placeholderPattern, file);
  }
});

test("no page has a placeholder link: the footer's social links lead to the profiles navigation.json gives, in the same tab", () => {
  const profiles = model.data.navigation.footer.social;
  assert.ok(profiles.length > 0);
  for (const { file, page } of pages) {
    assert.deepEqual(
      page.all((e) => e.name === 'a' && (e.attribs.href === '#' || e.attribs.href === '')).map((e) => page.text(e)),
      [],
      file,
    );
  }
  const { page } = pages.find(({ file }) => file === 'index.html')!;
  const social = page.all((e) => e.name === 'a' && (e.attribs.rel ?? '').split(' ').includes('me'));
  assert.deepEqual(
    social.map((a) => [page.text(a), a.attribs.href, a.attribs.target]),
    profiles.map((profile) => [profile.name, profile.href, undefined]),
  );
  const organization = structuredData(page).find((item) => item['@type'] === 'Organization')!;
  assert.deepEqual(
    organization.sameAs,
    profiles.map((profile) => profile.href),
    'search engines learn the same profiles',
  );
});

test('writes the sitemap, robots.txt, the feed, _redirects and hashed assets', async () => {
  const sitemap = await read('sitemap.xml');
  // Every page but the 404 page, the search page, whose results depend on the query, and the five
  // full guides, which their forms lead to.
  assert.equal(
    (sitemap.match(/<loc>/g) ?? []).length,
    expectedPages.length - 2 - model.guides.length + termPages.length,
  );
  assert.match(sitemap, /<loc>https:\/\/www\.checkpointqa\.com\/services\/devshops\/<\/loc>/);
  assert.doesNotMatch(sitemap, /404|dev-shops|contact|search/);
  assert.match(await read('robots.txt'), /Sitemap: https:\/\/www\.checkpointqa\.com\/sitemap\.xml/);
  const feed = await read('feed.xml');
  assert.equal((feed.match(/<item>/g) ?? []).length, 6);
  assert.match(await read('_redirects'), /^\/services\/dev-shops \/services\/devshops\/ 301!$/m);
  assert.match(await read('_redirects'), /^\/contact \/getting-started\/#contact-form 301!$/m);
  const headers = await read('_headers');
  assert.match(headers, /^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  assert.match(headers, /^ {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-/m);
  const assets = await readdir(path.join(outDir, 'assets'));
  assert.ok(
    assets.some((name) => /^site-[A-Z0-9]{8}\.css$/.test(name)),
    assets.join(', '),
  );
});

test('writes redirect pages with a meta refresh, a canonical and a visible link', async () => {
  for (const [file, target] of [
    ['services/dev-shops/index.html', '/services/devshops/'],
    ['contact/index.html', '/getting-started/#contact-form'],
  ]) {
    const page = parsePage(await read(file!));
    assert.equal(
      page.all((e) => e.name === 'meta' && e.attribs['http-equiv'] === 'refresh')[0]?.attribs.content,
      `0; url=${target}`,
    );
    assert.equal(
      page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]?.attribs.href,
      `https://www.checkpointqa.com${target}`,
    );
    assert.ok(page.all((e) => e.name === 'a' && e.attribs.href === target).length === 1);
  }
});

test('links header and footer to /services/devshops from the same navigation data', async () => {
  const page = parsePage(await read('humans/index.html'));
  const links = page
    .all((e) => e.name === 'a' && e.attribs.href?.startsWith('/services/') === true)
    .map((e) => e.attribs.href);
  assert.ok(links.filter((href) => href === '/services/devshops/').length >= 3, 'dropdown, mobile menu and footer');
  assert.ok(!links.some((href) => href!.startsWith('/services/dev-shops')));
});

test('renders the home page sections the SPEC lists', async () => {
  const html = await read('index.html');
  const page = parsePage(html);
  assert.match(html, /100x faster automation/);
  assert.deepEqual(page.all((e) => e.attribs.class === 'feature-title').map(page.text), [
    'AI-Powered Playwright',
    'Smart Test Data',
    'Optimized Cursor Usage',
    'AI Bug Documentation',
  ]);
  const serviceCards = page.all((e) => /\bservice-card\b/.test(e.attribs.class ?? ''));
  assert.equal(serviceCards.length, 4);
  for (const card of serviceCards) assert.match(page.text(card), /Learn more/);
  assert.equal(page.all((e) => e.name === 'li' && /\bplan\b/.test(e.attribs.class ?? '')).length, 2);
  assert.equal(page.all((e) => e.name === 'div' && e.attribs.class === 'carousel-slide').length, 8);
  assert.match(html, /href="\/case-studies\/\?playVideo=https%3A%2F%2Fwww\.youtube\.com%2Fembed%2F/);
  assert.ok(page.texts('h2').includes('See Our Customers in Action'));
});

test('renders eight case studies with the promo block after the third', async () => {
  const html = await read('case-studies/index.html');
  const gallery = html.slice(html.indexOf('class="case-gallery"'));
  const promoAt = gallery.indexOf('class="promo"');
  assert.equal((gallery.slice(0, promoAt).match(/class="case-card"/g) ?? []).length, 3);
  assert.equal((gallery.slice(promoAt).match(/class="case-card"/g) ?? []).length, 5);
  for (const stat of ['1M+', '5000+', '1000+']) assert.match(html, new RegExp(`<dd>${stat.replace('+', '\\+')}</dd>`));
});

test("each guide page's form sends its own guide's name and leads to that guide's article", () => {
  // The browser tests send one guide form; the form is the same island on every guide page.
  assert.ok(model.data.guides.length > 1);
  for (const guide of model.data.guides) {
    const { page } = pages.find(({ file }) => file === `guides/${guide.topic}/index.html`)!;
    const islands = page.all((e) => e.attribs['data-island'] === 'GuideForm');
    assert.equal(islands.length, 1, guide.topic);
    const script = page.all(
      (e) => e.name === 'script' && e.attribs['data-island-props'] === islands[0]!.attribs['data-id'],
    )[0]!;
    const props = JSON.parse(page.text(script)) as { guideName: string; contentHref: string };
    assert.equal(props.guideName, guide.guideName, guide.topic);
    assert.equal(props.contentHref, `/guides/content/${guide.topic}/`, guide.topic);
    assert.ok(
      pages.some(({ file }) => file === `guides/content/${guide.topic}/index.html`),
      guide.topic,
    );
  }
});

test('the full guides, where the guide forms lead, are published but noindex and left out of the sitemap', async () => {
  const sitemap = await read('sitemap.xml');
  assert.ok(model.guides.length > 1);
  for (const guide of model.guides) {
    const { page } = pages.find(({ file }) => file === `guides/content/${guide.topic}/index.html`)!;
    assert.equal(page.meta('robots'), 'noindex', guide.topic);
    assert.equal(
      page.all((e) => e.attribs['data-pagefind-body'] !== undefined).length,
      0,
      `${guide.topic} marks nothing for site search`,
    );
    assert.doesNotMatch(sitemap, new RegExp(`/guides/content/${guide.topic}/`), guide.topic);
    // The overview, with its form, is the page search engines list.
    assert.match(sitemap, new RegExp(`<loc>${siteUrl}/guides/${guide.topic}/</loc>`), guide.topic);
  }
});

test("every post names its author from people.json, linked to their page; each author's page lists their posts and no one else's", () => {
  const pageAt = (file: string) => pages.find((entry) => entry.file === file)!.page;
  assert.ok(model.posts.length > 1);
  for (const post of model.posts) {
    const person = model.people.get(post.author!)!;
    assert.ok(person, `${post.slug} has an author`);
    const page = pageAt(`blog/${post.slug}/index.html`);
    const byline = page.all((e) => e.name === 'a' && e.attribs.rel === 'author');
    assert.deepEqual(
      byline.map((a) => [page.text(a), a.attribs.href]),
      [[person.name, `/blog/authors/${person.id}/`]],
      post.slug,
    );
    assert.ok(classTexts(page, 'byline-role').includes(person.role), post.slug);
    const posting = structuredData(page).find((item) => item['@type'] === 'BlogPosting') as {
      author: { '@type': string; name: string; url: string };
    };
    assert.deepEqual(
      [posting.author['@type'], posting.author.name, posting.author.url],
      ['Person', person.name, `${siteUrl}/blog/authors/${person.id}/`],
      post.slug,
    );
  }
  assert.ok(model.authors.length > 1);
  for (const author of model.authors) {
    const person = model.people.get(author.id)!;
    const page = pageAt(`blog/authors/${author.id}/index.html`);
    assert.deepEqual(page.texts('h1'), [person.name]);
    const listed = page.all((e) => e.name === 'a' && e.attribs.class === 'read-more').map((a) => a.attribs.href);
    assert.deepEqual(
      listed,
      model.posts.filter((post) => post.author === author.id).map((post) => `/blog/${post.slug}/`),
      author.id,
    );
    assert.ok(page.text(page.all((e) => e.name === 'main')[0]!).includes(person.bio), author.id);
  }
  // The blog's cards name each post's author too.
  const blog = pageAt('blog/index.html');
  for (const post of model.posts)
    assert.ok(classTexts(blog, 'byline-name').includes(model.people.get(post.author!)!.name), post.slug);
});

test('/humans/ shows the team of people.json, each with a name, a role and a bio', () => {
  const { page } = pages.find(({ file }) => file === 'humans/index.html')!;
  const team = model.data.humans.team.people.map((id) => model.people.get(id)!);
  assert.ok(team.length > 0);
  assert.deepEqual(
    classTexts(page, 'person-name'),
    team.map((person) => person.name),
  );
  assert.deepEqual(
    classTexts(page, 'person-role'),
    team.map((person) => person.role),
  );
  assert.deepEqual(
    classTexts(page, 'person-bio'),
    team.map((person) => person.bio),
  );
});

test('highlights code in posts at build time and links tags to the filtered list', async () => {
  const html = await read('blog/ai-powered-bug-reports/index.html');
  assert.match(html, /data-rehype-pretty-code-figure/);
  assert.match(html, /href="\/blog\/\?tag=Bug%20Reporting"/);
  assert.doesNotMatch(html, /shiki|highlight\.js|prism/i);
});

test('loads no React on pages without islands, and the hydration script where islands are', async () => {
  const terms = await read('terms/index.html');
  assert.equal((terms.match(/<script type="module"/g) ?? []).length, 1);
  assert.doesNotMatch(terms, /hydrate-/);
  const blog = await read('blog/index.html');
  assert.match(blog, /<script type="module" src="\/assets\/hydrate-[A-Z0-9]+\.js" fetchpriority="low">/);
  assert.match(blog, /data-island="BlogExplorer"/);
  const budget = result.budgets.find((b) => b.path === '/terms')!;
  // The small site script (header, menus, chat dock) and the newsletter code it imports once a
  // visitor reaches for the field: React alone is forty times this.
  assert.ok(budget.bytes < 6144, `terms loads ${budget.bytes} bytes`);
});

test('records the shared header and footer links on every page, with the home page linking its sections as #anchors', async () => {
  const manifest = JSON.parse(await read('.sitegen-manifest.json')) as {
    origins: { kind: string; file: string; field?: string }[];
    links: Record<string, [string, number][]>;
  };
  const layoutLinks = (page: string) =>
    manifest.links[page]!.filter(([, origin]) => manifest.origins[origin]!.kind === 'layout');
  const onPost = layoutLinks('/blog/ai-powered-bug-reports/');
  assert.ok(onPost.length > 30, `${onPost.length} layout links`);
  assert.deepEqual(layoutLinks('/terms/'), onPost, 'every page but the home page shares one header and footer');
  const devshops = onPost
    .filter(([href]) => href === '/services/devshops/')
    .map(([, origin]) => manifest.origins[origin]);
  // Origins are relative to the project root; this build's content is a copy elsewhere.
  assert.ok(
    devshops.some((origin) => path.resolve(projectRoot, origin!.file) === path.join(content, 'data', 'audiences.json')),
    'the footer Services column names its dataset',
  );
  // Links to the home page's sections (the dock's booking link goes to a place on another page).
  const sectionLinks = (page: string) =>
    layoutLinks(page)
      .map(([href]) => href)
      .filter((href) => href.startsWith('#') || href.startsWith('/#'));
  assert.ok(
    sectionLinks('/').length > 0 && sectionLinks('/').every((href) => href.startsWith('#')),
    sectionLinks('/').join(' '),
  );
  assert.ok(
    sectionLinks('/terms/').every((href) => href.startsWith('/#')),
    sectionLinks('/terms/').join(' '),
  );
  const post = await read('blog/ai-powered-bug-reports/index.html');
  assert.equal(post.match(/<header class="site-header"/g)?.length, 1);
  assert.match(
    post.slice(0, post.indexOf('</head>')),
    /<link rel="preload" href="\/images\/brand-mark\.svg" as="image"\/>/,
    'the logo preload stays in the head',
  );
});

// ---- Links ----

test('the build result carries the link check of the output it committed, with no broken link and no redirect hint', () => {
  assert.ok(result.links && result.links.checked > 1000, `${result.links?.checked} references checked`);
  assert.deepEqual(result.links.findings, []);
  assert.deepEqual(
    result.warnings.map((warning) => warning.code),
    [],
    'no link, image, card or content warnings',
  );
  // So the content's accessibility checks ran with every rule: text in another script is judged against English.
  assert.equal(realSite.definition.settings(model).language, 'en');
  assert.deepEqual(
    result.productionProblems.map((problem) => problem.code),
    ['config.unsafe-for-production', 'config.incomplete-for-production'],
    'only the test reCAPTCHA key and the postal address content/ leaves unset',
  );
});

test('check-links finds in the output exactly what the build found, with no redirect hints either', async () => {
  const report = await checkSite(outDir);
  assert.deepEqual(
    report.findings.map((f) => `${f.file}:${f.line} ${f.href} ${f.reason}`),
    [],
  );
  const comparable = ({ durationMs: _, siteDir: __, ...rest }: LinkReport) => rest;
  assert.deepStrictEqual(comparable(result.links!), comparable(report));
});

test('every address the site publishes is answered by its own file, with no redirect, under the host model', async () => {
  const { readSiteFolder } = await import('../../cli/static-host/static-host.ts');
  const { respondToPath } = await import('../../cli/static-host/serve-site.ts');
  const site = await readSiteFolder(outDir);
  const answerOf = async (url: string) => {
    const answer = await respondToPath(site, new URL(url, siteUrl).pathname);
    return 'location' in answer ? `${answer.status} → ${answer.location}` : `${answer.status} ${answer.file}`;
  };
  const sitemap = await read('sitemap.xml');
  const published = new Map<string, string>();
  for (const [, loc] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) published.set(loc!, 'sitemap.xml');
  for (const [, link] of (await read('feed.xml')).matchAll(/<link>([^<]+)<\/link>/g)) published.set(link!, 'feed.xml');
  for (const page of result.pages.filter((p) => p.route.indexable)) {
    const html = parsePage(await read(page.route.file));
    const canonical = html.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]!.attribs.href!;
    assert.equal(await answerOf(canonical), `200 ${page.route.file}`, `canonical of ${page.route.file}`);
    assert.equal(html.meta('og:url'), canonical, `og:url of ${page.route.file}`);
    for (const script of html.all((e) => e.name === 'script' && e.attribs.type === 'application/ld+json')) {
      const urls =
        JSON.stringify(JSON.parse(html.text(script))).match(/https:\/\/www\.checkpointqa\.com\/[^"]*/g) ?? [];
      for (const url of urls.filter((u) => !/\.(png|jpe?g)$/.test(u)))
        published.set(url.replace(/#.*$/, ''), `JSON-LD of ${page.route.file}`);
    }
  }
  assert.ok(published.size >= result.pages.filter((p) => p.route.indexable).length, `${published.size} addresses`);
  for (const [url, from] of published) assert.match(await answerOf(url), /^200 /, `${url} (${from})`);
  for (const line of (await read('_redirects')).trim().split('\n')) {
    const [, to] = line.split(/\s+/);
    assert.match(await answerOf(to!.replace(/#.*$/, '')), /^200 /, `target of "${line}"`);
  }
});

// ---- Pictures ----

const mediaFormats: Record<string, string> = {
  'image/avif': 'heif',
  'image/webp': 'webp',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
};

/** The HTML file of a post, as the build wrote it. */
function postFile(slug: string): string {
  return path.join(outDir, blogPostPath(slug).replace(/^\//, '').replace(/\/?$/, '/index.html'));
}

/** Checks every srcset candidate of a picture: the file exists, decodes in the format named and is as wide as its descriptor. */
async function checkCandidates(
  picture: Element,
  attr: (element: Element, name: string) => string | undefined,
): Promise<number> {
  let checked = 0;
  const img = picture.children.find((child): child is Element => (child as Element).name === 'img')!;
  const fallbackType = `image/${path.extname(attr(img, 'src')!).slice(1).replace('jpg', 'jpeg')}`;
  const sets = [
    ...picture.children
      .filter((child): child is Element => (child as Element).name === 'source')
      .map((source) => [attr(source, 'type')!, attr(source, 'srcset')!] as const),
    [fallbackType, attr(img, 'srcset')!] as const,
  ];
  assert.deepEqual(sets.map(([type]) => type).slice(0, 2), ['image/avif', 'image/webp']);
  for (const [type, srcset] of sets) {
    for (const candidate of srcset.split(',')) {
      const [url, descriptor] = candidate.trim().split(/\s+/);
      const meta = await sharp(await readFile(path.join(outDir, url!))).metadata();
      assert.equal(meta.format, mediaFormats[type], `${url} is ${type}`);
      assert.equal(`${meta.width}w`, descriptor, `${url} is as wide as its descriptor`);
      checked += 1;
    }
  }
  return checked;
}

function isInside(element: Element, ancestor: Element): boolean {
  for (let node = element.parent; node; node = node.parent) if (node === ancestor) return true;
  return false;
}

test("gives each post's Markdown image a <picture> whose every srcset file exists and decodes at its width", async () => {
  let pictures = 0;
  assert.ok(model.posts.length >= 6);
  for (const post of model.posts) {
    const markdownImages = ((await readFile(post.file, 'utf8')).match(/!\[[^\]]*\]\(\/images\//g) ?? []).length;
    const page = parsePage(await readFile(postFile(post.slug), 'utf8'));
    const prose = page.all((e) => e.name === 'div' && (e.attribs.class ?? '').split(' ').includes('prose'))[0]!;
    const inProse = page.all((e) => e.name === 'picture').filter((picture) => isInside(picture, prose));
    assert.equal(inProse.length, markdownImages, `${post.slug}: one picture per Markdown image`);
    for (const picture of inProse) {
      const img = picture.children.find((child): child is Element => (child as Element).name === 'img')!;
      assert.ok(page.attr(img, 'alt')!.length > 20, 'the alt text written in Markdown');
      assert.ok(Number(page.attr(img, 'width')) > 0 && Number(page.attr(img, 'height')) > 0);
      assert.deepEqual([page.attr(img, 'loading'), page.attr(img, 'decoding')], ['lazy', 'async']);
      assert.ok((await checkCandidates(picture, page.attr)) >= 9);
      pictures += 1;
    }
  }
  assert.ok(pictures >= 2, `${pictures} pictures: the screenshot and the photo`);
});

test("a post's own image loads first with high priority; its figures and related posts' images load lazily", async () => {
  const page = parsePage(await readFile(postFile('ai-powered-bug-reports'), 'utf8'));
  const images = page.all((e) => e.name === 'img' && Boolean(e.attribs.src?.startsWith('/images/posts/')));
  const loading = images.map((img) => [page.attr(img, 'loading'), page.attr(img, 'fetchpriority') ?? null]);
  assert.ok(images.length >= 3, `${images.length} images: its own, its figure and related posts'`);
  assert.deepEqual(loading, [['eager', 'high'], ...images.slice(1).map(() => ['lazy', null])]);
});

test('writes the widest variant of each raster image at its own URL too', async () => {
  const own = await sharp(await readFile(path.join(outDir, 'images/posts/exploratory-session-desk.jpg'))).metadata();
  assert.deepEqual([own.format, own.width, own.height], ['jpeg', 1600, 1067]);
  assert.equal(
    (await sharp(await readFile(path.join(outDir, 'images/posts/bug-report-checkout-discount.png'))).metadata()).width,
    1200,
  );
});

// ---- Share cards and structured data ----

test('every page names a share picture in the output: a 1200×630 PNG card, or the post’s own picture', async () => {
  assert.ok(pages.length > 30, `${pages.length} pages`);
  for (const { file, page } of pages) {
    const image = page.meta('og:image');
    assert.ok(image?.startsWith(`${siteUrl}/social/`), `${file}: og:image ${image}`);
    assert.equal(page.meta('twitter:image'), image, file);
    assert.equal(page.meta('twitter:card'), 'summary_large_image', file);
    assert.equal(page.meta('og:image:width'), '1200', file);
    assert.equal(page.meta('og:image:height'), '630', file);
    assert.ok(page.meta('og:image:alt'), `${file}: og:image:alt`);
    const meta = await sharp(path.join(outDir, image!.slice(siteUrl.length + 1))).metadata();
    assert.deepEqual([meta.width, meta.height], [1200, 630], file);
    const own = file === `blog/${socialPost}/index.html`;
    assert.equal(meta.format, own ? 'jpeg' : 'png', file);
    assert.equal(page.meta('og:image:type'), own ? 'image/jpeg' : 'image/png', file);
  }
});

test('the post with a socialImage shares that picture with its alt text', async () => {
  const { page } = pages.find(({ file }) => file === `blog/${socialPost}/index.html`)!;
  assert.equal(page.meta('og:image'), `${siteUrl}/social/blog/${socialPost}.jpg`);
  assert.equal(page.meta('og:image:alt'), 'A red launch banner');
  const { dominant } = await sharp(path.join(outDir, 'social', 'blog', `${socialPost}.jpg`)).stats();
  assert.ok(dominant.r > 200 && dominant.g < 60, 'the picture is the post’s red banner, not a card');
});

test('the build made every picture, drawn or from the cache: one per page (the redirect pages share the home card) and the logo', () => {
  assert.equal(result.shareCards.drawn + result.shareCards.cached, result.pages.length + 1);
  assert.deepEqual(result.shareCards.warnings, []);
});

/** The JSON-LD items of a page, parsed. */
function structuredData(page: Page): Record<string, unknown>[] {
  return page
    .all((e) => e.name === 'script' && e.attribs.type === 'application/ld+json')
    .map((script) => JSON.parse(page.text(script)) as Record<string, unknown>);
}

test('every page’s JSON-LD parses and has the types its kind of page calls for', () => {
  const typesOf = (file: string) =>
    structuredData(pages.find((entry) => entry.file === file)!.page).map((item) => item['@type']);
  for (const { file, page } of pages) {
    for (const item of structuredData(page)) assert.equal(item['@context'], 'https://schema.org', file);
  }
  assert.deepEqual(typesOf('index.html'), ['Organization']);
  assert.deepEqual(typesOf('blog/building-smart-test-data-factories/index.html'), ['BlogPosting', 'BreadcrumbList']);
  assert.deepEqual(typesOf('guides/playwright/index.html'), ['BreadcrumbList']);
  // A full guide is not listed for search engines: it has no structured data for them either.
  assert.deepEqual(typesOf('guides/content/playwright/index.html'), []);
  assert.deepEqual(typesOf('services/startups/index.html'), ['BreadcrumbList']);
  assert.deepEqual(typesOf('humans/index.html'), []);
  assert.deepEqual(typesOf('404.html'), []);
  assert.deepEqual(typesOf('blog/tags/index.html'), ['BreadcrumbList']);
  for (const { file, page } of pages.filter(
    (entry) => /^blog\/[^/]+\/index\.html$/.test(entry.file) && !/^blog\/(tags|categories)\//.test(entry.file),
  )) {
    assert.deepEqual(
      structuredData(page).map((item) => item['@type']),
      ['BlogPosting', 'BreadcrumbList'],
      file,
    );
  }
});

test('a post’s BlogPosting names its canonical URL, dates, share picture, its author and the organisation', () => {
  const { page } = pages.find(({ file }) => file === 'blog/building-smart-test-data-factories/index.html')!;
  const [posting, breadcrumbs] = structuredData(page) as [Record<string, any>, Record<string, any>]; // JSON-LD read back: its shape is what is under test
  const canonical = page.all((e) => e.name === 'link' && e.attribs.rel === 'canonical')[0]!.attribs.href;
  assert.equal(posting.url, canonical);
  assert.deepEqual(posting.mainEntityOfPage, { '@type': 'WebPage', '@id': canonical });
  assert.equal(posting.headline, 'Building Smart Test Data Factories with AI');
  assert.match(posting.datePublished, /^\d{4}-\d{2}-\d{2}$/);
  assert.deepEqual(posting.image, [page.meta('og:image')]);
  assert.equal(posting.author.name, 'Hannah Lindqvist');
  assert.equal(posting.author.worksFor.name, 'Checkpoint QA');
  assert.equal(posting.publisher.logo.url, `${siteUrl}/social/logo.png`);
  assert.deepEqual(
    breadcrumbs.itemListElement.map((item: { position: number; item: string }) => [item.position, item.item]),
    [
      [1, `${siteUrl}/`],
      [2, `${siteUrl}/blog/`],
      [3, canonical],
    ],
  );
});

test('the Organization on the home page has a logo the build wrote', async () => {
  const { page } = pages.find(({ file }) => file === 'index.html')!;
  const [organization] = structuredData(page) as [Record<string, any>]; // JSON-LD read back
  assert.equal(organization.url, `${siteUrl}/`);
  const meta = await sharp(path.join(outDir, 'social', 'logo.png')).metadata();
  assert.deepEqual([organization.logo.url, meta.width, meta.height], [`${siteUrl}/social/logo.png`, 512, 512]);
});

test('the sitemap gives every post its date as lastmod', async () => {
  const sitemap = parseXml(await read('sitemap.xml'));
  const lastmod = new Map(
    sitemap.all('url').map((url) => [sitemap.childText(url, 'loc'), sitemap.childText(url, 'lastmod')]),
  );
  assert.ok(model.posts.length > 0);
  for (const post of model.posts) {
    assert.equal(lastmod.get(`${siteUrl}/blog/${post.slug}/`), post.date.toISOString().slice(0, 10), post.slug);
  }
});

// ---- Answer engines ----

/** The pages the site gives a Markdown copy, by llms.txt's sections: every kind of page the SPEC lists but the gated guides, the lists, the legal pages and the toolkit. */
const copiedPages = () => ({
  Services: ['startups', 'legacy', 'non-traditional', 'devshops'].map((slug) => `services/${slug}/index.md`),
  Guides: ['playwright', 'test-data', 'cursor-usage', 'bug-documentation', 'productivity'].map(
    (topic) => `guides/${topic}/index.md`,
  ),
  'Case studies': ['case-studies/index.md'],
  Company: ['humans/index.md', 'getting-started/index.md'],
  Blog: model.posts.map((post) => `blog/${post.slug}/index.md`),
});

test("llms.txt lists every page the site copies, in its sections, each link answered by the copy's own file", async () => {
  const { readSiteFolder } = await import('../../cli/static-host/static-host.ts');
  const { respondToPath } = await import('../../cli/static-host/serve-site.ts');
  const { scanMarkdownRefs } = await import('../../cli/render/markdown/markdown-refs.ts');
  const site = await readSiteFolder(outDir);
  const llms = await read('llms.txt');
  assert.match(llms, /^# Checkpoint QA\n\n> \S/);
  const sections = [...llms.matchAll(/^## (.+)$/gm)].map(([, name]) => name);
  assert.deepEqual(sections, Object.keys(copiedPages()));
  const linked = scanMarkdownRefs(llms).map((ref) => ref.value);
  assert.deepEqual(linked, [
    `${siteUrl}/llms-full.txt`,
    ...Object.values(copiedPages())
      .flat()
      .map((file) => `${siteUrl}/${file}`),
  ]);
  for (const url of linked) {
    const answer = await respondToPath(site, new URL(url).pathname);
    assert.equal('file' in answer && answer.status, 200, url);
  }
});

test('the gated guide articles are neither copied nor named in llms.txt, llms-full.txt or any copy', async () => {
  const files = [...(await readdir(outDir, { recursive: true }))].map((file) => String(file).split(path.sep).join('/'));
  assert.deepEqual(
    files.filter((file) => file.startsWith('guides/content/') && file.endsWith('.md')),
    [],
  );
  const copies = files.filter((file) => file.endsWith('.md'));
  assert.deepEqual(copies.sort(), Object.values(copiedPages()).flat().sort());
  for (const file of [...copies, 'llms.txt', 'llms-full.txt'])
    assert.doesNotMatch(await read(file), /guides\/content/, file);
  const full = await read('llms-full.txt');
  assert.ok(Buffer.byteLength(full) <= 1_000_000);
  for (const file of copies) assert.ok(full.includes(await read(file)), `llms-full.txt holds ${file} whole`);
});

test("a post's copy is its source body as written, with its links made absolute and its images the files the page loads", async () => {
  for (const post of model.posts) {
    const source = await readFile(path.join(content, 'posts', `${post.slug}.md`), 'utf8');
    const html = await read(`blog/${post.slug}/index.html`);
    const body = source.slice(source.indexOf('\n---\n', 3) + 5).replace(/^\s*\n/, '');
    const expected = body.replace(/\]\((\/[^)\s]*)\)/g, (_link, href: string) => {
      // An image of the site is linked as the file its <img> loads.
      const image = /\.(?:png|jpe?g)$/.test(href)
        ? new RegExp(`<img src="(${href.replace(/\.\w+$/, '')}-[^"]+)"`).exec(html)?.[1]
        : undefined;
      return `](${siteUrl}${image ?? href})`;
    });
    const copy = await read(`blog/${post.slug}/index.md`);
    assert.equal(
      copy
        .slice(copy.indexOf(`# ${post.title.replace(/[\\`*_[\]<>&!~#|]/g, '\\$&')}\n\n`))
        .split('\n\n')
        .slice(1)
        .join('\n\n'),
      expected,
      post.slug,
    );
    assert.match(
      copy,
      new RegExp(
        `^---\\ntitle: .*\\ndescription: .*\\ncanonical: "${siteUrl}/blog/${post.slug}/"\\ndate: ${post.date.toISOString().slice(0, 10)}\\ntags: \\[`,
      ),
    );
  }
});

test('each page with a copy names it in its head, and the sitemap lists pages only', async () => {
  const copies = new Set(Object.values(copiedPages()).flat());
  for (const { file, page } of pages) {
    const alternates = page
      .all((e) => e.name === 'link' && e.attribs.rel === 'alternate' && e.attribs.type === 'text/markdown')
      .map((e) => e.attribs.href);
    const copy = file.replace(/\.html$/, '.md');
    assert.deepEqual(alternates, copies.has(copy) ? [`/${copy}`] : [], file);
  }
  assert.doesNotMatch(await read('sitemap.xml'), /\.md</);
});

test('every page the build wrote is valid HTML: html-validate finds nothing against the standard or its accessibility rules', async () => {
  // The standard and accessibility presets leave out the rules about how markup is written (React
  // writes `charSet`, self-closing void elements and inline styles). ARIA lets any list be named,
  // so a named list of tags is no finding; "not recommended" is advice, not a fault.
  const validator = new HtmlValidate({
    extends: ['html-validate:standard', 'html-validate:a11y'],
    rules: { 'aria-label-misuse': ['error', { allowAnyNamable: true }] },
  });
  const findings: string[] = [];
  for (const { file } of pages) {
    const report = await validator.validateString(await read(file), file);
    for (const message of report.results.flatMap((entry) => entry.messages))
      findings.push(`${file}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`);
  }
  assert.deepEqual(findings, []);
});
