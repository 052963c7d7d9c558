// Where each generator published a post, by its documented rules: the addresses an import keeps
// as aliases. Drafts were never published; an address that cannot be a path of a site is listed.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { oldAddresses, type AddressedPost } from '../../cli/import/old-addresses.ts';
import type { AddressRules, SourceSite } from '../../cli/import/source-site.ts';

const siteWith = (addresses: AddressRules): SourceSite => ({
  generator: 'folder',
  postFolders: [''],
  isPostPath: () => true,
  publishedFolders: [''],
  addresses,
  feeds: [],
  notes: [],
});
const post = (fields: Partial<AddressedPost>): AddressedPost => ({
  file: '/s/_posts/2019-03-14-launch-day.md',
  inFolder: '_posts/2019-03-14-launch-day.md',
  frontMatter: {},
  date: '2019-03-14',
  title: 'Launch Day!',
  categories: [],
  jekyllSlug: 'launch-day',
  draft: false,
  ...fields,
});
const jekyll = (permalink: string, baseurl = '') => siteWith({ kind: 'jekyll', baseurl, permalink });

test("Jekyll: each permalink style, a pattern, the post's own permalink, categories and baseurl", () => {
  assert.deepEqual(oldAddresses(post({}), jekyll('date')).addresses, ['/2019/03/14/launch-day.html']);
  assert.deepEqual(oldAddresses(post({ categories: ['Engineering', 'Tools'] }), jekyll('pretty')).addresses, [
    '/engineering/tools/2019/03/14/launch-day/',
  ]);
  assert.deepEqual(oldAddresses(post({}), jekyll('none')).addresses, ['/launch-day.html']);
  assert.deepEqual(oldAddresses(post({}), jekyll('ordinal')).addresses, ['/2019/073/launch-day.html']);
  assert.deepEqual(
    oldAddresses(post({ time: '10:30:00' }), jekyll('/blog/:year/:i_month/:i_day/:hour:minute/:slug/', '/news'))
      .addresses,
    ['/news/blog/2019/3/14/1030/launch-day/'],
  );
  assert.deepEqual(oldAddresses(post({ frontMatter: { permalink: '/launch/' } }), jekyll('date')).addresses, [
    '/launch/',
  ]);
  assert.deepEqual(oldAddresses(post({ frontMatter: { slug: 'go-live' } }), jekyll('/:title/')).addresses, [
    '/go-live/',
  ]);
  assert.deepEqual(oldAddresses(post({ draft: true }), jekyll('date')).addresses, [], 'a draft was never published');
});

test('Hugo: a permalink by section, the default section path, ugly URLs, relative aliases and baseURL', () => {
  const hugo = (permalinks: Record<string, string>, uglyUrls = false, base = '') =>
    siteWith({ kind: 'hugo', base, permalinks, uglyUrls, contentDir: 'content' });
  const page = post({
    file: '/s/content/posts/Launch-Day/index.md',
    inFolder: 'posts/Launch-Day/index.md',
    bundle: '/s/content/posts/Launch-Day',
    jekyllSlug: undefined,
  });
  assert.deepEqual(oldAddresses(page, hugo({ posts: '/:year/:month/:title/' })).addresses, ['/2019/03/launch-day/']);
  assert.deepEqual(oldAddresses(page, hugo({ posts: '/:sections/:slugorfilename/' })).addresses, [
    '/posts/Launch-Day/',
  ]);
  assert.deepEqual(oldAddresses(page, hugo({}, false, '/docs')).addresses, ['/docs/posts/launch-day/']);
  assert.deepEqual(
    oldAddresses({ ...page, frontMatter: { slug: 'go-live', aliases: ['old-name', '/kept/'] } }, hugo({}, true))
      .addresses,
    ['/posts/go-live.html', '/posts/old-name'],
  );
  assert.deepEqual(
    oldAddresses({ ...page, frontMatter: { url: '/exact/' } }, hugo({ posts: '/:year/:title/' })).addresses,
    [],
    'its url is taken as written, with its other aliases',
  );
});

test('Next.js and Gatsby routes, and Eleventy permalinks with the values every post has', () => {
  const bundle = post({
    file: '/s/public/launch-day/index.md',
    inFolder: 'launch-day/index.md',
    bundle: '/s/public/launch-day',
    jekyllSlug: undefined,
  });
  assert.deepEqual(
    oldAddresses(bundle, siteWith({ kind: 'route', prefix: '/blog', nested: false, trailingSlash: false })).addresses,
    ['/blog/launch-day'],
  );
  assert.deepEqual(
    oldAddresses(
      { ...bundle, inFolder: 'blog/2019/launch-day/index.md' },
      siteWith({ kind: 'route', prefix: '', nested: true, trailingSlash: true }),
    ).addresses,
    ['/2019/launch-day/'],
  );
  const eleventy = (permalink?: string) =>
    oldAddresses(
      post({
        file: '/s/posts/launch-day.md',
        inFolder: 'posts/launch-day.md',
        jekyllSlug: undefined,
        frontMatter: permalink ? { permalink } : {},
      }),
      siteWith({ kind: 'eleventy', input: '', folderPermalinks: new Map() }),
    );
  assert.deepEqual(eleventy().addresses, ['/posts/launch-day/']);
  assert.deepEqual(eleventy('/notes/{{ page.fileSlug }}/').addresses, ['/notes/launch-day/']);
  assert.deepEqual(eleventy('/{{ title | slugify }}/').addresses, ['/launch-day/']);
  const unknown = eleventy('/{{ page.date | date: "%Y" }}/{{ page.fileSlug }}/');
  assert.deepEqual(unknown.addresses, []);
  assert.match(unknown.notCarried[0]!, /holds expressions the import cannot fill/);
});

test('an address a rule makes that is no safe path of a site is listed, not kept', () => {
  const made = oldAddresses(post({ frontMatter: { permalink: '/:title/../../admin/' } }), jekyll('date'));
  assert.deepEqual(made.addresses, []);
  assert.match(made.notCarried[0]!, /cannot redirect here: an old address never holds "\." or "\.\." segments/);
  assert.match(
    oldAddresses(post({}), jekyll('/:year/:unknown/')).notCarried[0]!,
    /uses :unknown, which the import cannot fill/,
  );
});
