// Builds the marketing site with 54 older posts added to its six (60 in all, five pages of the
// blog's list), the oldest ending with content wider than a phone, for the browser tests of the
// blog at more than one page (blog-scale.spec.ts): a copy of content/ in .large-blog/content,
// built into .large-blog/dist by the CLI as `npm run build` builds dist/, from a definition that
// indexes it for search 25 pages a part (three parts), so the search page is tested on an index
// in parts too.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../helpers/content.ts';
import { syntheticPost } from '../helpers/synthetic-posts.ts';

const largeBlogRoot = path.join(projectRoot, '.large-blog');
const largeBlogPosts = 54;

const content = path.join(largeBlogRoot, 'content');

/**
 * What the oldest post ends with: content wider than a phone, as posts brought from other blogs
 * have it (blog-scale.spec.ts checks that the page still never scrolls sideways).
 */
const wideContent = [
  '',
  '## Wider than a phone',
  '',
  `A bare long link: <https://example.com/${Array.from({ length: 6 }, (_, i) => `averyverylongpathsegment${i}`).join('/')}?query=parameter&another=value>`,
  '',
  `A long word: ${'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3)}.`,
  '',
  `| ${Array.from({ length: 8 }, (_, i) => `Heading of column ${i}`).join(' | ')} |`,
  `|${' --- |'.repeat(8)}`,
  `| ${Array.from({ length: 8 }, (_, i) => `value${i}_${'x'.repeat(24)}`).join(' | ')} |`,
  '',
].join('\n');
await rm(content, { recursive: true, force: true });
await mkdir(largeBlogRoot, { recursive: true });
await cp(path.join(projectRoot, 'content'), content, { recursive: true });
await Promise.all(
  Array.from({ length: largeBlogPosts }, (_, i) =>
    writeFile(path.join(content, 'posts', `synthetic-post-${i}.md`), syntheticPost(i) + (i === 0 ? wideContent : '')),
  ),
);
const config = path.join(largeBlogRoot, 'sitegen.config.ts');
await writeFile(
  config,
  "import site from '../sitegen.config.ts';\n\nexport default { ...site, search: { ...site.search!, pagesPerPart: 25 } };\n",
);
const build = spawnSync(
  process.execPath,
  [
    path.join(projectRoot, 'cli', 'bin.js'),
    'build',
    '--config',
    config,
    '--content',
    content,
    '--out',
    path.join(largeBlogRoot, 'dist'),
  ],
  { cwd: projectRoot, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
