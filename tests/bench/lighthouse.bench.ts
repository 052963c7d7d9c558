// Lighthouse (mobile, its default) on pages of the built site, served from dist/ (or --dist) as
// a static host serves it, in Debian's Chromium: prints each category's score and every audit
// that fell short, for the pages given (the blog's list and a tag's page by default).
// Lighthouse is run through npx (pinned below), so it is fetched on first use and not installed
// with the project.
// Run: npm run build && npm run bench:lighthouse [-- --dist dist --pages /blog/,/blog/tags/ai/]
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createStaticHandler } from '../../cli/static-host/static-host.ts';
import { projectRoot } from '../helpers/content.ts';

const lighthouse = 'lighthouse@12.8.2';
const argument = (name: string) =>
  process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined;
const dist = path.resolve(argument('--dist') ?? path.join(projectRoot, 'dist'));
const pages = (argument('--pages') ?? '/blog/,/blog/tags/ai/').split(',');
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Report {
  categories: Record<string, { title: string; score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { title: string; score: number | null; scoreDisplayMode: string; displayValue?: string }>;
}

const server = createServer(createStaticHandler(dist));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const work = mkdtempSync(path.join(os.tmpdir(), 'sitegen-lighthouse-'));
let shortfall = false;
try {
  for (const page of pages) {
    const output = path.join(work, 'report.json');
    // Run without blocking this process: the pages Lighthouse loads are served from it.
    await promisify(execFile)(
      'npx',
      [
        '--yes',
        lighthouse,
        `${origin}${page}`,
        '--quiet',
        '--output=json',
        `--output-path=${output}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage',
      ],
      {
        encoding: 'utf8',
        env: { ...process.env, CHROME_PATH: chrome },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      },
    ).catch((error: { code?: number; signal?: string; stderr?: string }) => {
      throw new Error(
        `lighthouse failed on ${page} (exit ${error.code ?? error.signal}):\n${(error.stderr ?? '').slice(-4000)}`,
      );
    });
    const report = JSON.parse(readFileSync(output, 'utf8')) as Report;
    console.log(`${page}`);
    for (const category of Object.values(report.categories)) {
      const score = Math.round((category.score ?? 0) * 100);
      console.log(`  ${category.title.padEnd(16)} ${String(score).padStart(3)}`);
      for (const ref of category.auditRefs.filter((r) => r.weight > 0)) {
        const audit = report.audits[ref.id]!;
        if (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'numeric') {
          if ((audit.score ?? 1) < 1)
            console.log(
              `    ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}: ${Math.round((audit.score ?? 0) * 100)}`,
            );
        }
      }
      if (category.title !== 'Performance' && score < 100) shortfall = true;
    }
  }
} finally {
  server.close();
  rmSync(work, { recursive: true, force: true });
}
if (shortfall) console.log('\naccessibility, best practices and SEO are expected at 100 on every page checked');
