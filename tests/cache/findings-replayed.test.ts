// A cache may save time, never change an answer: for every check that can fail a build or warn
// (Markdown, images, links, raw HTML, front matter), `sitegen build` run twice with nothing
// changed, then once more after an edit to a file that has nothing to do with the finding, exits
// with the same code and prints the same findings, byte for byte. The second build is the one
// that finds the output up to date (or, after a failure, takes every page it can from the page
// cache); the third renders the edited post and takes the others, the one with the finding
// included, from the caches. `dev` finds the same after the same edits.
//
// The builds run in this process (runCliHere): each is the real command, and every build of a
// test shares one generator identity, so the caches carry over from one to the next as they do
// between runs of the installed command.
import assert from 'node:assert/strict';
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { Cache } from '../../cli/cache/cache.ts';
import { classifyChanges } from '../../cli/dev/classify.ts';
import { IncrementalBuild, type DevOutput } from '../../cli/dev/incremental-build.ts';
import { collectSiteErrors, formatBodyWarnings, formatSiteErrors } from '../../cli/errors.ts';
import { runCliHere, type CliRun } from '../helpers/cli.ts';
import { copyTinySite } from '../helpers/tiny-copy.ts';

interface Case {
  /** The check, and what the case makes it find. */
  name: string;
  /** Files written into the copy's content folder, by path under it. */
  files: Record<string, string>;
  /** The build's exit code: 1 for a problem, 0 for a warning. */
  exit: 0 | 1;
  /** What the findings must show (so that the case checks what it says): codes, or a link checker's row. */
  shows: string[];
  /** Whether `dev` runs this check as the build does (it builds drafts, and checks no links). */
  dev: boolean;
}

const frontMatter = (title: string, extra = '') => `---\ntitle: ${title}\ndate: 2024-03-01\n${extra}---\n\n`;

const cases: Case[] = [
  {
    name: 'Markdown: an unsafe link and an image without alt text fail the build',
    files: {
      'posts/finding.md': `${frontMatter('Finding')}A [link](javascript:alert(1)) and ![](/images/square.svg).\n`,
    },
    exit: 1,
    shows: ['[markdown.unsafe-url]', '[image.missing-alt]'],
    dev: true,
  },
  {
    name: "Markdown: a draft's unsafe link is a warning of the build that leaves the draft out",
    files: { 'posts/finding.md': `${frontMatter('Finding', 'draft: true\n')}A [link](javascript:alert(1)).\n` },
    exit: 0,
    shows: ['[markdown.unsafe-url]'],
    dev: false,
  },
  {
    name: 'images: an image the site does not have fails the build',
    files: { 'posts/finding.md': `${frontMatter('Finding')}A picture: ![A circle](/images/circle.svg)\n` },
    exit: 1,
    shows: ['[content.missing-image]'],
    dev: true,
  },
  {
    name: 'images: an SVG with a script is published sanitized, with a warning',
    files: {
      'images/scripted.svg':
        '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><script>alert(1)</script><rect width="8" height="8"/></svg>\n',
      'posts/finding.md': `${frontMatter('Finding')}A picture: ![A square](/images/scripted.svg)\n`,
    },
    exit: 0,
    shows: ['[image.svg-sanitized]'],
    dev: false,
  },
  {
    name: 'links: a link to no page fails the build',
    files: { 'posts/finding.md': `${frontMatter('Finding')}A [link](/nowhere/) to no page.\n` },
    exit: 1,
    shows: ['[build.broken-links]'],
    dev: false,
  },
  {
    name: 'links: a link to a redirect is a warning',
    files: { 'posts/finding.md': `${frontMatter('Finding')}A [link](/old-home/) through a redirect.\n` },
    exit: 0,
    shows: ['warning  a[href] "/old-home/" redirects to /'],
    dev: false,
  },
  {
    name: 'raw HTML: an element never closed fails the build',
    files: { 'posts/finding.md': `${frontMatter('Finding')}Intro.\n\n<textarea>\n\nThe rest of the post.\n` },
    exit: 1,
    shows: ['[markdown.unclosed-html]'],
    dev: true,
  },
  {
    name: 'raw HTML: a script and an iframe of another host are removed, with a warning each',
    files: {
      'posts/finding.md': `${frontMatter('Finding')}Intro.\n\n<script>alert(1)</script>\n\n<iframe src="https://evil.example/x"></iframe>\n`,
    },
    exit: 0,
    shows: ['[markdown.html-removed]'],
    dev: true,
  },
  {
    name: 'accessibility: a link that says "click here" and text in another script without lang are warnings',
    files: {
      'posts/finding.md': `${frontMatter('Finding')}To set it up, [click here](/).\n\nThe team says Привіт, світе! every morning.\n`,
    },
    exit: 0,
    shows: ['[accessibility.link-text]', '[accessibility.language]'],
    dev: true,
  },
  {
    name: 'front matter: a field the schema does not know fails the build',
    files: { 'posts/finding.md': `${frontMatter('Finding', 'tag: [one]\n')}Body.\n` },
    exit: 1,
    shows: ['[content.unknown-field]'],
    dev: true,
  },
  {
    name: "front matter: a draft's field the schema does not know is a warning of the build that leaves the draft out",
    files: { 'posts/finding.md': `${frontMatter('Finding', 'draft: true\ntag: [one]\n')}Body.\n` },
    exit: 0,
    shows: ['[content.unknown-field]'],
    dev: false,
  },
];

/**
 * A build's findings: everything it prints to standard error (its progress line is off without a
 * terminal), but for how long the link check took, which is no finding.
 */
const findings = (run: CliRun) => run.stderr.replace(/ checked in \d+ ms/g, ' checked in … ms');

for (const check of cases) {
  test(
    `${check.name}: the same exit code and findings on every build, the caches used or not`,
    { timeout: 120_000 },
    async () => {
      const site = await copyTinySite();
      try {
        for (const [file, text] of Object.entries(check.files)) {
          await mkdir(path.dirname(path.join(site.content, file)), { recursive: true });
          await writeFile(path.join(site.content, file), text);
        }
        // Another post, which shows none of the findings.
        const unrelated = path.join(site.content, 'posts', 'hello.md');
        const build = () => runCliHere(['build'], { cwd: site.root });

        const runs = [await build(), await build()];
        await appendFile(unrelated, '\nA sentence added to another post.\n');
        runs.push(await build());
        for (const shown of check.shows)
          assert.ok(findings(runs[0]!).includes(shown), `the first build finds ${shown}:\n${findings(runs[0]!)}`);
        runs.forEach((run, index) => {
          assert.equal(run.code, check.exit, `build ${index + 1}'s exit code:\n${run.stdout}\n${run.stderr}`);
          assert.equal(findings(run), findings(runs[0]!), `build ${index + 1} prints the findings of the first`);
        });
        if (check.exit === 0) {
          assert.match(
            runs[1]!.stdout,
            /^Nothing changed since the build of /,
            'the second build found the output up to date',
          );
          assert.match(
            runs[2]!.stdout,
            /rendered 1 of \d+ pages \(\d+ unchanged, from the page cache\)/,
            'the third build took the page with the finding from the page cache',
          );
        }

        if (!check.dev) return;
        // As the dev server runs it: the first build until one succeeds, then each edit.
        const dev = new IncrementalBuild({
          root: site.root,
          contentDir: site.content,
          env: {},
          cache: Cache.of(site.root),
        });
        const stylesDir = path.join(site.root, 'templates');
        const report = (output: DevOutput) => formatBodyWarnings(output.markdownWarnings, site.root);
        const devRun = async (changed: string[]): Promise<{ ok: boolean; text: string }> => {
          try {
            const output = dev.ready
              ? await dev.update(classifyChanges(site.content, stylesDir, changed))
              : await dev.buildAll();
            return { ok: true, text: report(output) };
          } catch (error) {
            const errors = collectSiteErrors(error);
            if (!errors) throw error;
            return { ok: false, text: formatSiteErrors(errors, site.root) };
          }
        };
        try {
          const first = await devRun([]);
          await appendFile(unrelated, 'And another.\n');
          const second = await devRun([unrelated]);
          await appendFile(unrelated, 'And one more.\n');
          const third = await devRun([unrelated]);
          for (const [index, run] of [first, second, third].entries()) {
            assert.equal(run.ok, check.exit === 0, `dev run ${index + 1} succeeds exactly when the build does`);
            assert.equal(run.text, first.text, `dev run ${index + 1} finds what the first found`);
            assert.ok(
              findings(runs[0]!).includes(run.text.trimEnd()),
              `dev finds what the build prints:\n${run.text}\n---\n${findings(runs[0]!)}`,
            );
          }
        } finally {
          await dev.close();
        }
      } finally {
        await site.cleanup();
      }
    },
  );
}
