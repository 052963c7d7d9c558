// Realistic blog posts for the build benchmark: the same posts as the shared peer benchmark's
// corpus generator (peer-bench/gen-corpus.mjs), ported here so that the repository needs nothing
// outside itself, with the front matter adapted to this site's post schema the way the peer
// benchmark adapts it (`image` points at one of the site's post images, `imageAlt` added).
//
// Per post: 600-900 words of prose, h2/h3 headings, a bulleted and a numbered list, a quote,
// inline code, three links to other posts (/blog/<slug>/), one 23-line TypeScript block and one
// 9-line bash block (8 commands), all different per post. The same count and seed give
// byte-identical posts; like the shared generator, every post depends on the count (the titles of
// all posts are drawn first so that bodies can link to them).
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The real site's posts and images folders under its content folder (sitegen.config.ts). */
const siteFolders = { posts: 'posts', images: 'images' };

/** The shared generator's default seed. */
export const defaultCorpusSeed = 20240315;

export interface RealisticPost {
  /** Post number, 1..count. */
  index: number;
  slug: string;
  /** `<slug>.md`, as the shared generator names it. */
  fileName: string;
  /** The whole Markdown file, front matter included. */
  text: string;
}

/** mulberry32: small, fast, deterministic. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CATEGORIES = [
  'AI Testing',
  'Tools',
  'Data',
  'Manual Testing',
  'Documentation',
  'DevOps',
  'Automation',
  'Engineering',
];
const TAGS = [
  'AI',
  'QA',
  'Testing',
  'Trends',
  'Automation',
  'Cursor',
  'Test Generation',
  'AI Tools',
  'Productivity',
  'Test Data',
  'Data Generation',
  'Manual Testing',
  'AI Assistance',
  'Future Trends',
  'Bug Reporting',
  'Documentation',
  'Efficiency',
  'CI/CD',
  'DevOps',
  'Playwright',
  'TypeScript',
  'Flaky Tests',
  'Regression',
  'Performance',
  'Accessibility',
  'Security',
  'Mobile',
  'API Testing',
  'Contract Testing',
  'Observability',
  'Monitoring',
  'Legacy Systems',
  'Startups',
  'Agencies',
  'Page Objects',
  'Fixtures',
  'Mocking',
  'Coverage',
  'Release',
  'Strategy',
];
const NOUNS = [
  'test suite',
  'pipeline',
  'release',
  'regression',
  'fixture',
  'selector',
  'page object',
  'assertion',
  'bug report',
  'deployment',
  'staging environment',
  'feature flag',
  'API contract',
  'database seed',
  'test plan',
  'coverage report',
  'flaky test',
  'smoke test',
  'code review',
  'build',
  'runner',
  'snapshot',
  'mock server',
  'user journey',
  'checkout flow',
  'login form',
  'dashboard',
  'webhook',
  'queue',
  'cache',
  'migration',
  'sprint',
  'backlog',
  'incident',
  'postmortem',
  'prompt',
  'model',
  'agent',
  'browser',
  'viewport',
  'locator',
  'trace',
];
const VERBS = [
  'automate',
  'stabilize',
  'review',
  'generate',
  'refactor',
  'measure',
  'document',
  'prioritize',
  'parallelize',
  'isolate',
  'reproduce',
  'triage',
  'validate',
  'monitor',
  'simplify',
  'harden',
  'profile',
  'ship',
  'retire',
  'audit',
  'instrument',
  'rewrite',
  'split',
  'cache',
  'schedule',
];
const ADJS = [
  'reliable',
  'brittle',
  'fast',
  'slow',
  'maintainable',
  'legacy',
  'modern',
  'critical',
  'noisy',
  'deterministic',
  'repeatable',
  'expensive',
  'cheap',
  'readable',
  'hidden',
  'obvious',
  'practical',
  'robust',
  'incremental',
  'manual',
  'automated',
  'small',
  'large',
  'shared',
  'isolated',
];
const ADVS = [
  'quickly',
  'carefully',
  'rarely',
  'often',
  'usually',
  'gradually',
  'consistently',
  'early',
  'later',
  'together',
  'safely',
  'cheaply',
  'visibly',
];
const FILLER = [
  'the team',
  'every engineer',
  'a good QA engineer',
  'most startups',
  'our clients',
  'the reviewer',
  'the product owner',
  'a new hire',
  'the on-call engineer',
  'an agency',
  'the CI server',
  'an AI assistant',
];
const CONNECT = ['because', 'so that', 'while', 'when', 'unless', 'after', 'before', 'even if', 'since'];
const INLINE_CODE = [
  'npx playwright test',
  'retries: 2',
  'page.getByRole()',
  'expect.poll()',
  'test.describe()',
  'CI=true',
  'workers: 4',
];
const HEADINGS = [
  'Where the time goes',
  'A better default',
  'What we measured',
  'The trade-offs',
  'Putting it into practice',
  'Common mistakes',
  'A short checklist',
  'What to automate first',
  'How the team adopted it',
  'Next steps',
];
const PAGES = ['checkout', 'login', 'profile', 'search', 'billing', 'settings', 'signup'];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const an = (w: string) => (/^[aeiou]/.test(w) ? `an ${w}` : `a ${w}`);
const TITLE_PATTERNS: Array<(a: string, n: string, v: string) => string> = [
  (a, n, v) => `How to ${v} ${an(a)} ${n}`,
  (a, n) => `Why your ${n} needs to be ${a}`,
  (_a, n, v) => `${cap(v)} every ${n}: a practical guide`,
  (a, n, v) => `The ${a} ${n} and how to ${v} it`,
  (a, n) => `Lessons from ${an(a)} ${n}`,
  (_a, n, v) => `When to ${v} the ${n}`,
  (a, n) => `A field guide to the ${a} ${n}`,
  (_a, n, v) => `Stop trying to ${v} the ${n} by hand`,
];

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;
/** JSON strings are valid YAML double-quoted scalars. */
const yamlString = (s: string) => JSON.stringify(s);
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

interface PostMeta {
  i: number;
  title: string;
  slug: string;
  date: string;
  category: string;
  tags: string[];
  excerpt: string;
}

/**
 * The shared generator's posts, exactly: `count` posts with its front matter (title, slug,
 * excerpt, date, readTime, an external image URL, category, tags). Every call to the random
 * source happens in the same order as there, so the files are byte-identical to its output.
 */
export function sharedCorpusPosts(count: number, seed = defaultCorpusSeed): RealisticPost[] {
  if (!Number.isInteger(count) || count < 1)
    throw new RangeError(`expected a whole number of posts of at least 1, got ${count}`);
  if (!Number.isInteger(seed)) throw new RangeError(`expected a whole-number seed, got ${seed}`);
  const rand = mulberry32(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
  const pickN = <T>(items: readonly T[], n: number): T[] => {
    const copy = items.slice();
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(rand() * copy.length), 1)[0]!);
    return out;
  };

  const sentence = () => {
    const kind = int(0, 4);
    let s: string;
    if (kind === 0)
      s = `${pick(FILLER)} should ${pick(VERBS)} the ${pick(ADJS)} ${pick(NOUNS)} ${pick(CONNECT)} ${pick(FILLER)} can ${pick(VERBS)} the ${pick(NOUNS)} ${pick(ADVS)}`;
    else if (kind === 1)
      s = `${an(pick(ADJS))} ${pick(NOUNS)} is ${pick(ADVS)} the reason ${pick(FILLER)} cannot ${pick(VERBS)} the ${pick(NOUNS)}`;
    else if (kind === 2)
      s = `if you ${pick(VERBS)} the ${pick(NOUNS)} ${pick(ADVS)}, the ${pick(ADJS)} ${pick(NOUNS)} becomes much easier to ${pick(VERBS)}`;
    else if (kind === 3)
      s = `we ${pick(ADVS)} ${pick(VERBS)} each ${pick(NOUNS)} and then ${pick(VERBS)} the ${pick(ADJS)} ${pick(NOUNS)} for ${pick(FILLER)}`;
    else
      s = `the ${pick(ADJS)} ${pick(NOUNS)} and the ${pick(ADJS)} ${pick(NOUNS)} both need ${pick(FILLER)} to ${pick(VERBS)} them ${pick(ADVS)}`;
    if (rand() < 0.15) s += ` with \`${pick(INLINE_CODE)}\``;
    return cap(s) + '.';
  };
  const paragraph = (minS = 3, maxS = 6) => {
    const n = int(minS, maxS);
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(sentence());
    return out.join(' ');
  };

  const tsBlock = (i: number) => {
    const name = pick(PAGES);
    const cls = cap(name) + 'Page';
    return [
      '```typescript',
      `import { test, expect, type Page } from '@playwright/test';`,
      '',
      `export class ${cls} {`,
      `  constructor(private readonly page: Page) {}`,
      '',
      `  async open(id: number): Promise<void> {`,
      `    await this.page.goto(\`/${name}/\${id}?ref=post-${i}\`);`,
      `  }`,
      '',
      `  async submit(values: Record<string, string>): Promise<void> {`,
      `    for (const [label, value] of Object.entries(values)) {`,
      `      await this.page.getByLabel(label).fill(value);`,
      `    }`,
      `    await this.page.getByRole('button', { name: 'Save' }).click();`,
      `  }`,
      `}`,
      '',
      `test('${name} flow ${i} stays green', async ({ page }) => {`,
      `  const view = new ${cls}(page);`,
      `  await view.open(${int(1, 9999)});`,
      `  await view.submit({ Name: 'Ada', Email: 'ada@example.com' });`,
      `  await expect(page.getByText('Saved')).toBeVisible({ timeout: ${int(2, 10) * 1000} });`,
      `});`,
      '```',
    ].join('\n');
  };
  const bashBlock = (i: number) => {
    const shard = int(2, 8);
    return [
      '```bash',
      '#!/usr/bin/env bash',
      'set -euo pipefail',
      '',
      `export CI=true RUN_ID="post-${i}"`,
      'npm ci --no-audit --no-fund',
      `for shard in $(seq 1 ${shard}); do`,
      `  npx playwright test --shard="$shard/${shard}" --reporter=line || echo "shard $shard failed" >&2`,
      'done',
      `grep -c "passed" test-results/*.txt | sort -t: -k2 -n | tail -n ${int(3, 9)}`,
      '```',
    ].join('\n');
  };

  // Pass 1: every post's metadata, so that bodies can link to other posts. Dates count back one
  // day per post from a fixed day in the past: none is in the future, and post i has the same
  // date for any count.
  const posts: PostMeta[] = [];
  const newest = Date.UTC(2025, 11, 31);
  for (let i = 1; i <= count; i++) {
    const title = cap(pick(TITLE_PATTERNS)(pick(ADJS), pick(NOUNS), pick(VERBS)));
    const slug = `${slugify(title)}-${i}`;
    const date = new Date(newest - (i - 1) * 86400000).toISOString().slice(0, 10);
    const category = pick(CATEGORIES);
    const tags = pickN(TAGS, int(2, 5));
    posts.push({ i, title, slug, date, category, tags, excerpt: sentence() });
  }

  // Pass 2: bodies.
  return posts.map((p) => {
    const target = int(600, 900);
    const others = pickN(
      posts.filter((q) => q.i !== p.i),
      Math.min(3, count - 1),
    );
    const link = (q: PostMeta) => `[${q.title}](/blog/${q.slug}/)`;
    const headings = pickN(HEADINGS, 6);
    const parts: string[] = [];
    const prose: string[] = [];
    const addP = (s: string) => {
      parts.push(s);
      prose.push(s);
    };

    addP(paragraph(3, 5));
    addP(
      `${sentence()} We covered the background in ${others[0] ? link(others[0]) : 'an earlier post'}, so this post goes straight to the details.`,
    );
    parts.push(`## ${headings[0]}`);
    addP(paragraph());
    const ul: string[] = [];
    // The bound is drawn anew on every test, as in the shared generator.
    for (let k = 0; k < int(4, 6); k++)
      ul.push(`- **${cap(pick(VERBS))}** the ${pick(ADJS)} ${pick(NOUNS)} ${pick(ADVS)}`);
    addP(ul.join('\n'));
    addP(paragraph());
    parts.push(tsBlock(p.i));
    parts.push(`## ${headings[1]}`);
    addP(paragraph());
    addP(`> ${sentence()} ${sentence()}\n>\n> — ${cap(pick(FILLER))}`);
    addP(paragraph());
    parts.push(`### ${headings[2]}`);
    const ol: string[] = [];
    for (let k = 0; k < int(3, 5); k++) ol.push(`${k + 1}. ${sentence()}`);
    addP(ol.join('\n'));
    addP(`${paragraph(2, 3)} See also ${others[1] ? link(others[1]) : 'the docs'}.`);
    parts.push(bashBlock(p.i));
    parts.push(`## ${headings[3]}`);
    // Paragraphs until the prose reaches the target length.
    let words = wordCount(prose.join(' '));
    let h = 4;
    while (words < target) {
      const para = paragraph(2, 4);
      if (words + wordCount(para) > 880) break;
      if (words > target * 0.7 && h < headings.length && !parts[parts.length - 1]!.startsWith('#') && rand() < 0.5)
        parts.push(`## ${headings[h++]}`);
      addP(para);
      words = wordCount(prose.join(' '));
    }
    addP(`Further reading: ${others[2] ? link(others[2]) : 'our archive'}.`);
    words = wordCount(prose.join(' '));
    const minutes = Math.max(1, Math.round((words + 120) / 150));
    const front = [
      '---',
      `title: ${yamlString(p.title)}`,
      `slug: ${yamlString(p.slug)}`,
      `excerpt: ${yamlString(p.excerpt)}`,
      `date: ${p.date}`,
      `readTime: ${yamlString(`${minutes} min read`)}`,
      `image: ${yamlString(`https://images.example.com/blog/${p.slug}.jpg`)}`,
      `category: ${yamlString(p.category)}`,
      'tags:',
      ...p.tags.map((t) => `  - ${yamlString(t)}`),
      '---',
      '',
    ].join('\n');
    return { index: p.i, slug: p.slug, fileName: `${p.slug}.md`, text: front + parts.join('\n\n') + '\n' };
  });
}

/**
 * A shared-corpus post with its front matter adapted to this site's schema exactly as the peer
 * benchmark adapts it: `image` becomes one of the site's post images in turn (by post number,
 * `images` sorted by name), and `imageAlt` is added. Every other line, and the body, is unchanged.
 */
export function adaptToSite(post: RealisticPost, images: readonly string[]): RealisticPost {
  if (images.length === 0) throw new RangeError('expected at least one post image');
  const end = post.text.indexOf('\n---\n', 4);
  const front = post.text.slice(0, end);
  const image = `/images/posts/${images[(post.index - 1) % images.length]}`;
  return {
    ...post,
    text:
      front.replace(/^image: .*$/m, `image: "${image}"\nimageAlt: "Illustration of the post"`) + post.text.slice(end),
  };
}

/** The post images of a content folder, as the peer benchmark lists them. */
export async function postImages(contentDir: string): Promise<string[]> {
  const folder = path.join(contentDir, siteFolders.images, 'posts');
  return (await readdir(folder)).filter((name) => /\.(svg|png|jpe?g|webp|avif)$/.test(name)).sort();
}

/** `count` realistic posts valid for the site whose content folder is `contentDir`. */
export async function realisticPosts(
  contentDir: string,
  count: number,
  seed = defaultCorpusSeed,
): Promise<RealisticPost[]> {
  const images = await postImages(contentDir);
  return sharedCorpusPosts(count, seed).map((post) => adaptToSite(post, images));
}

/** Replaces the posts of a content folder with `count` realistic ones, and returns them. */
export async function replacePostsWithRealistic(
  contentDir: string,
  count: number,
  seed = defaultCorpusSeed,
): Promise<RealisticPost[]> {
  const posts = await realisticPosts(contentDir, count, seed);
  const folder = path.join(contentDir, siteFolders.posts);
  for (const name of await readdir(folder).catch(() => [])) await rm(path.join(folder, name), { recursive: true });
  await mkdir(folder, { recursive: true });
  await Promise.all(posts.map((post) => writeFile(path.join(folder, post.fileName), post.text)));
  return posts;
}
