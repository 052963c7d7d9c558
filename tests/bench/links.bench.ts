// Benchmark for `check-links`: a synthetic 5,000-page site with ~60 links a page.
// Run with `npm run bench:links` (PAGES=n to change the size); `-- --redirects` times only the
// `_redirects` case (5,000 placeholder rules, 5,000 links through them).
import { spawnSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSite } from '../../cli/check/index.ts';
import { PathSuggester } from '../../cli/shared/suggest.ts';

const pageCount = Number(process.env.PAGES ?? 5000);
const sections = ['blog', 'guides', 'services', 'case-studies', 'docs'];

const routeOf = (i: number) => `/${sections[i % sections.length]}/page-${i}/`;
const fileOf = (i: number) => `${sections[i % sections.length]}/page-${i}/index.html`;

function renderNav(): string {
  const links = sections.map((s) => `<li><a class="nav-link" href="/${s}/">${s}</a></li>`).join('\n        ');
  return `<header class="site-header">
    <a href="/" class="logo"><img src="/images/logo.svg" alt="Checkpoint" width="120" height="32"></a>
    <nav aria-label="Main">
      <ul>
        ${links}
        <li><a href="/about/">About</a></li>
        <li><a href="/getting-started/#contact-form">Contact</a></li>
        <li><a href="/blog/page-0/#intro">Latest</a></li>
      </ul>
    </nav>
  </header>`;
}

function renderFooter(): string {
  const columns = sections
    .map(
      (s, c) => `<div class="footer-column"><h3>${s}</h3><ul>
        <li><a href="/${s}/">All ${s}</a></li>
        <li><a href="${routeOf(c)}">Featured</a></li>
        <li><a href="${routeOf(c + 5)}#section-2">Deep dive</a></li>
      </ul></div>`,
    )
    .join('\n    ');
  return `<footer class="site-footer">
    ${columns}
    <p>&copy; 2025 Checkpoint QA · <a href="/privacy/">Privacy</a> · <a href="/terms/">Terms</a> · <a href="https://github.com/example">GitHub</a></p>
  </footer>`;
}

function renderPage(i: number, nav: string, footer: string): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < 6; p++) {
    const a = (i * 7 + p * 13) % pageCount;
    const b = (i * 11 + p * 17) % pageCount;
    const c = (i * 3 + p * 29) % pageCount;
    paragraphs.push(`<section id="section-${p}">
      <h2 id="heading-${p}">Section ${p} of page ${i}</h2>
      <p>Teams that ship weekly need checks they trust. Read <a href="${routeOf(a)}">the related guide</a>,
      compare with <a href="${routeOf(b)}#section-${p % 4}">this case study</a> and the notes in
      <a href="../../${sections[c % sections.length]}/page-${c}/">a sibling page</a>. Questions? <a href="#heading-${(p + 1) % 6}">jump ahead</a>
      or <a href="mailto:hello@example.com">write to us</a>.</p>
      ${p % 3 === 0 ? `<img src="/images/figure-${p}.png" srcset="/images/figure-${p}.png 1x, /images/figure-${p}@2x.png 2x" alt="Figure ${p}" loading="lazy">` : ''}
    </section>`);
  }
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Page ${i} · Checkpoint QA</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="canonical" href="${routeOf(i)}">
  <link rel="stylesheet" href="/assets/site.css">
  <link rel="icon" href="/favicon.svg">
  <script type="module" src="/assets/hydrate.js"></script>
</head>
<body>
  ${nav}
  <main id="main">
    <h1 id="intro">Page ${i}</h1>
    ${paragraphs.join('\n    ')}
  </main>
  ${footer}
</body>
</html>
`;
}

async function writeSite(dir: string): Promise<void> {
  const nav = renderNav();
  const footer = renderFooter();
  const fixed = [
    'about/index.html',
    'getting-started/index.html',
    'privacy/index.html',
    'terms/index.html',
    'index.html',
    ...sections.map((s) => `${s}/index.html`),
  ];
  for (const file of fixed) {
    await mkdir(join(dir, file, '..'), { recursive: true });
    await writeFile(
      join(dir, file),
      `<!doctype html><title>x</title>${nav}<main><form id="contact-form"></form></main>${footer}`,
    );
  }
  await mkdir(join(dir, 'images'), { recursive: true });
  await mkdir(join(dir, 'assets'), { recursive: true });
  for (const name of ['images/logo.svg', 'favicon.svg', 'assets/site.css', 'assets/hydrate.js'])
    await writeFile(join(dir, name), '');
  for (let p = 0; p < 8; p++) {
    await writeFile(join(dir, `images/figure-${p}.png`), '');
    await writeFile(join(dir, `images/figure-${p}@2x.png`), '');
  }
  for (let i = 0; i < pageCount; i++) {
    await mkdir(join(dir, fileOf(i), '..'), { recursive: true });
    await writeFile(join(dir, fileOf(i)), renderPage(i, nav, footer));
  }
}

/** Generates the site in a child process, so the peak RSS printed is the checker's alone. */
function generateInChild(dir: string): void {
  const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--generate', dir], {
    stdio: 'inherit',
  });
  if (child.status !== 0) throw new Error(`generating the benchmark site failed (exit ${child.status})`);
}

async function benchmark(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-links-bench-'));
  try {
    process.stdout.write(`generating ${pageCount} pages in ${dir}… `);
    generateInChild(dir);
    console.log('done');
    const load = loadavg()[0];
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const report = await checkSite(dir);
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const errors = report.findings.filter((f) => f.severity === 'error').length;
    console.log(
      `${report.pages} pages, ${report.checked} links checked (${(report.checked / report.pages).toFixed(0)} a page), ${errors} broken`,
    );
    console.log(
      `wall time: ${wallMs.toFixed(0)} ms (target < 2000 ms); CPU time: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`,
    );
    console.log(`pages/second: ${Math.round(report.pages / (wallMs / 1000))}`);
    // maxRSS is the process's high-water mark in KiB, so it also catches peaks inside synchronous work.
    console.log(`peak RSS: ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`);
    console.log(
      `1-minute load average at start: ${load.toFixed(1)} on ${availableParallelism()} cores (other work on the machine inflates wall time, not CPU time)`,
    );
    if (errors > 0) process.exitCode = 1;
    measureSuggestions();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  await measureRedirectRules();
}

/**
 * check-links on a `_redirects` of 5,000 placeholder rules, half of them sharing their first
 * segment, and 5,000 links: half go through their rule to a page, half match no rule.
 */
async function measureRedirectRules(): Promise<void> {
  const n = 5_000;
  const dir = await mkdtemp(join(tmpdir(), 'sitegen-redirects-bench-'));
  try {
    await mkdir(join(dir, 'posts', 'first'), { recursive: true });
    await writeFile(join(dir, 'posts', 'first', 'index.html'), '<!doctype html><title>First</title>');
    const rules = Array.from({ length: n }, (_, i) =>
      i % 2 ? `/shared/:x/b${i} /posts/:x/ 301` : `/a${i}/:x/b /posts/:x/ 301`,
    );
    await writeFile(join(dir, '_redirects'), rules.join('\n'));
    const hrefOf = (i: number) => {
      const end = i % 4 < 2 ? 'b' : 'c';
      return i % 2 ? `/shared/first/${end}${i}` : `/a${i}/first/${end}`;
    };
    for (let p = 0; p < 10; p++) {
      const links = Array.from({ length: n / 10 }, (_, k) => `<a href="${hrefOf(k * 10 + p)}">x</a>`);
      await writeFile(join(dir, `links-${p}.html`), ['<!doctype html><title>Links</title>', ...links].join('\n'));
    }
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const report = await checkSite(dir);
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    console.log(
      `redirect rules: ${n} placeholder rules × ${report.checked} links in ${ms.toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms), ` +
        `${report.findings.length} findings (target < 1000 ms: ${ms < 1000 ? 'met' : 'missed'})`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Typo suggestions on a 20,000-route site: 200 misspelt paths (once a unit test's time limit). */
function measureSuggestions(): void {
  const suggester = new PathSuggester(Array.from({ length: 20_000 }, (_, i) => `/blog/post-${i}/`));
  const started = performance.now();
  for (let i = 0; i < 200; i++) suggester.closest(`/blgo/post-${i}/`);
  const ms = performance.now() - started;
  console.log(
    `suggestions: 200 misspelt paths among 20,000 routes in ${ms.toFixed(0)} ms (target < 3000 ms: ${ms < 3000 ? 'met' : 'missed'})`,
  );
}

if (process.argv[2] === '--generate') await writeSite(process.argv[3]);
else if (process.argv[2] === '--redirects') await measureRedirectRules();
else await benchmark();
