// check-links on any site folder: built sites may be anyone's, so every file, name and URL in
// one is hostile input. Each case copies tests/hostile/fixtures/links-<behaviour>/, adds what
// cannot be committed (FIFOs, symlinks, huge files, odd names) and asserts the finding, its
// location and a time bound; cases that would hang or exhaust memory without their guard run
// the real binary, which a timer can kill.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { isNonPublicAddress, type HostResolver } from '../../cli/shared/address-policy.ts';
import { checkSite, formatReport, type CheckLinksOptions, type LinkReport } from '../../cli/check/index.ts';
import { scanSiteFolder } from '../../cli/static-host/list-site-files.ts';
import {
  hostRedirectLimits,
  parseRedirectsFile,
  patternRuleLimit,
  patternSegmentLimit,
} from '../../cli/static-host/redirect-rules.ts';
import { redirectTableOf } from '../../cli/static-host/redirect-table.ts';
import { projectRoot } from '../helpers/content.ts';
import { parseXml } from '../helpers/xml.ts';
import { hangBound } from '../helpers/hang-bound.ts';

const limitMs = hangBound;
const fixtures = path.join(import.meta.dirname, 'fixtures');
let scratch: string;

before(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'sitegen-hostile-links-'));
  spawnSync(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), '--help']); // compiles the CLI outside the time bounds
});
after(() => rm(scratch, { recursive: true, force: true }));

/** A throwaway copy of `fixtures/links-<behaviour>/`, to add runtime entries to. */
async function siteCopy(behaviour: string, into = behaviour): Promise<string> {
  const dir = path.join(scratch, into);
  await cp(path.join(fixtures, `links-${behaviour}`), dir, { recursive: true });
  return dir;
}

/** Checks a folder in-process within the time bound. */
async function check(dir: string, options: CheckLinksOptions = {}, boundMs = limitMs): Promise<LinkReport> {
  const started = performance.now();
  const report = await checkSite(dir, options);
  const ms = performance.now() - started;
  assert.ok(ms < boundMs, `took ${Math.round(ms)} ms`);
  return report;
}

/** `code file:line:col` of every finding, sorted. */
const located = (report: LinkReport) => report.findings.map((f) => `${f.code} ${f.file}:${f.line}:${f.column}`).sort();

/** Runs the real binary, killed after `killMs`; `ms` says how long it ran. */
function runBinary(
  args: string[],
  cwd = projectRoot,
  killMs = 2 * limitMs,
): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [path.join(projectRoot, 'cli', 'bin.js'), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), killMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

interface JsonFinding {
  code: string;
  file: string;
  line: number;
  column: number;
  href: string;
}

/** The JSON findings of the binary on `dir`, asserting it ran within `boundMs` and exited 1. */
async function binaryReport(dir: string, flags: string[] = [], boundMs = limitMs): Promise<JsonFinding[]> {
  const run = await runBinary(['check-links', dir, '--format', 'json', ...flags]);
  assert.ok(run.ms < boundMs, `took ${run.ms} ms`);
  assert.equal(run.code, 1, run.stderr);
  return (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings;
}

/** `code file:line:col` of each finding of the binary's run, sorted. */
const binaryFindings = async (dir: string, ...flags: string[]) =>
  (await binaryReport(dir, flags)).map((f) => `${f.code} ${f.file}:${f.line}:${f.column}`).sort();

/**
 * Runs `body` (ES module code that may import project files by `@/`) in a child process killed
 * at the time bound, so a parser gone quadratic fails the test instead of stalling the suite.
 */
function runIsolated(body: string): { ok: boolean; output: string } {
  const script = body.replaceAll("'@/", `'${projectRoot}/`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: projectRoot,
    timeout: limitMs,
    encoding: 'utf8',
  });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}${run.signal ? ` (killed: ${run.signal})` : ''}` };
}

test('scans a 1 MB sitemap of spaces, and other unclosed <loc> runs, in linear time', async () => {
  const dir = await siteCopy('sitemap-of-spaces');
  const spaces = ' '.repeat(1 << 20);
  const hostile = [
    `<?xml version="1.0"?>\n<urlset><url><loc>${spaces}`,
    `<loc>${spaces}</lo`,
    '<loc>'.repeat(200_000),
    `<loc>${'\t\n '.repeat(300_000)}<loc>`,
  ];
  for (const [i, xml] of hostile.entries()) await writeFile(path.join(dir, `sitemap-${i}.xml`), xml);
  await writeFile(
    path.join(dir, 'sitemap-pages.xml'),
    '<urlset>\n<url><loc>\n  https://example.com/missing\n</loc></url>\n</urlset>\n',
  );
  assert.deepEqual(await binaryFindings(dir), ['links.missing-page sitemap-pages.xml:3:3']);
});

test('reads no FIFO: a page, _redirects and a sitemap that are FIFOs are findings, not a hang', async () => {
  const dir = await siteCopy('fifo-in-site');
  for (const name of ['stuck.html', '_redirects', 'sitemap.xml', '.sitegen-manifest.json'])
    assert.equal(spawnSync('mkfifo', [path.join(dir, name)]).status, 0);
  await symlink('stuck.html', path.join(dir, 'pipe.html'));
  assert.deepEqual(await binaryFindings(dir), [
    'links.missing-page index.html:4:4',
    'links.unreadable-file .sitegen-manifest.json:1:1',
    'links.unreadable-file _redirects:1:1',
    'links.unreadable-file pipe.html:1:1',
    'links.unreadable-file sitemap.xml:1:1',
    'links.unreadable-file stuck.html:1:1',
  ]);
  // The reader refuses a FIFO by itself too, should one appear after the listing.
  const { ok, output } = runIsolated(`
    import { readSiteFile } from '@/cli/check/read-site-file.ts';
    const read = readSiteFile(${JSON.stringify(dir)}, 'stuck.html');
    if (!('problem' in read) || read.problem.code !== 'links.unreadable-file') throw new Error(JSON.stringify(read));`);
  assert.ok(ok, output);
});

test('never follows a symlink to /dev/zero', async () => {
  const dir = await siteCopy('symlink-to-dev-zero');
  await symlink('/dev/zero', path.join(dir, 'zero.html'));
  assert.deepEqual(await binaryFindings(dir), [
    'links.missing-page index.html:4:4',
    'links.symlink-outside zero.html:1:1',
  ]);
});

test('serves no file through a symlink whose real path leaves the folder', async () => {
  const dir = await siteCopy('symlink-outside');
  await symlink('/etc/passwd', path.join(dir, 'passwd.txt'));
  await symlink('/etc', path.join(dir, 'etc'));
  assert.deepEqual(located(await check(dir)), [
    'links.missing-file index.html:4:4',
    'links.symlink-outside etc:1:1',
    'links.symlink-outside passwd.txt:1:1',
  ]);
  assert.deepEqual(scanSiteFolder(dir).files, ['index.html']);
});

test('reports dangling and looping symlinks and symlinked folders without crashing; keeps links inside the folder', async () => {
  const dir = await siteCopy('dangling-symlink');
  await symlink('nowhere.html', path.join(dir, 'gone.html'));
  await symlink('loop.html', path.join(dir, 'loop.html'));
  await symlink('about.html', path.join(dir, 'alias.html'));
  await symlink('.', path.join(dir, 'again'));
  const report = await check(dir);
  assert.deepEqual(located(report), [
    'links.dangling-symlink gone.html:1:1',
    'links.dangling-symlink loop.html:1:1',
    'links.missing-page index.html:4:4',
    'links.unreadable-file again:1:1',
  ]);
  assert.equal(report.findings.find((f) => f.file === 'gone.html')?.kind, 'site-file');
  assert.deepEqual(scanSiteFolder(dir).files, ['about.html', 'alias.html', 'index.html']);
});

test('checks a site folder that is itself a symlink to a versioned folder', async () => {
  const real = await siteCopy('root-symlink', '.dist-123');
  await symlink('../dist/about/index.html', path.join(real, 'team.html')); // inside, once the root link is resolved
  const dist = path.join(scratch, 'dist');
  await symlink('.dist-123', dist);
  const report = await check(dist);
  assert.deepEqual(located(report), ['links.missing-fragment index.html:5:4']);
  assert.equal(report.siteDir, dist);
  assert.equal(report.files, 3);
});

test('reports a file over the size limit at its name, without reading it', async () => {
  const dir = await siteCopy('sitemap-of-spaces', 'too-large');
  await writeFile(path.join(dir, 'huge.html'), '');
  await truncate(path.join(dir, 'huge.html'), 60 * 1024 * 1024); // sparse: no disk used
  await writeFile(path.join(dir, 'links.html'), '<a href="/huge.html">huge</a> <a href="/huge.html#part-2">part</a>');
  assert.deepEqual(located(await check(dir)), ['links.file-too-large huge.html:1:1']);
});

test('parses odd _redirects lines without crashing, keeping the rules that make sense', async () => {
  const dir = await siteCopy('redirects-odd-lines');
  const odd = [
    '/long-' + 'a'.repeat(1 << 20) + ' /ok-target 301',
    'x '.repeat(100_000),
    ' '.repeat(1 << 20),
    ' #'.repeat(100_000) + '\r',
    '/c /ok-target 301\u2028#',
  ];
  await writeFile(path.join(dir, '_redirects'), '\n' + odd.join('\n'), { flag: 'a' });
  const run = await runBinary(['check-links', dir, '--format', 'json']);
  assert.ok(run.ms < limitMs, `took ${run.ms} ms`);
  assert.equal(run.code, 0, run.stderr);
  const findings = (JSON.parse(run.stdout) as { findings: JsonFinding[] }).findings;
  assert.deepEqual(findings.map((f) => `${f.code} ${f.href}`).sort(), [
    'links.redirected /dup/a/b',
    'links.redirected /ok',
    'links.redirected /unicode/ü',
    // The megabyte line is a rule no host takes: a warning.
    'links.redirects-over-host-limit _redirects',
  ]);
  const table = redirectTableOf(
    '/n/:1/:1/: /numbers 302\n/mid/*/star /x 301\n* /everything 301\n/p/:a.b(c)[d]+?{2} /t/:a 301',
  );
  assert.equal(table.match('/n/a/b/c')?.to, '/numbers');
  assert.equal(table.match('/mid/x/star')?.to, '/everything', 'a splat before the end is left out');
  assert.deepEqual(parseRedirectsFile('/a /b 999\n/a /b 301!!\n/a /b moved\n/a\n/a /b 301 extra'), []);
});

test('matches redirect patterns against megabyte paths in linear time', () => {
  const { ok, output } = runIsolated(`
    import { redirectTableOf } from '@/cli/static-host/redirect-table.ts';
    const table = redirectTableOf(['/a/:b/* /c/:b/:splat 301', '/x/:y/:z /w 301', '/*/*/*/x /y 301', '* /everything 200'].join('\\n'));
    const paths = ['/a/' + 'b'.repeat(1 << 20) + '/c', '/x/' + '/'.repeat(1 << 20) + 'z', '/' + 'a/'.repeat(1 << 19) + '\\n', '/'.repeat(1 << 14) + 'y'];
    for (const path of paths) if (!table.match(path)) throw new Error('no match');`);
  assert.ok(ok, output);
});

test('stops a redirect chain at 20 hops, and a chain of 20,000 rules in time', async () => {
  const dir = await siteCopy('redirect-chain-long');
  const report = await check(dir);
  const link = report.findings.find((f) => f.file === 'index.html');
  assert.equal(`${link?.code} ${link?.line}:${link?.column}`, 'links.too-many-redirects 4:4');
  assert.equal(report.findings.find((f) => f.file === '_redirects' && f.line === 1)?.code, 'links.too-many-redirects');
  const rules = Array.from({ length: 20_000 }, (_, i) => `/r-${i} /r-${i + 1} 301`);
  rules.push('/r-20000 /r-0 301');
  await writeFile(path.join(dir, '_redirects'), rules.join('\n'));
  const huge = await check(dir);
  assert.equal(huge.findings.filter((f) => f.code === 'links.too-many-redirects').length, 20_001);
});

/**
 * A site folder of `files` (path → text) and link pages: `links-<p>.html` holds the hrefs whose
 * index is p modulo `pages`, one `<a>` a line from line 2, so href i is at line ⌊i / pages⌋ + 2, column 4.
 */
async function siteWithLinks(
  name: string,
  files: Record<string, string>,
  hrefs: string[],
  pages = 10,
): Promise<string> {
  const dir = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  for (let p = 0; p < pages; p++) {
    const links = hrefs.filter((_, i) => i % pages === p).map((href) => `<a href="${href}">x</a>`);
    await writeFile(path.join(dir, `links-${p}.html`), ['<!DOCTYPE html><title>Links</title>', ...links].join('\n'));
  }
  return dir;
}

/** `code file:line:col` of the finding for each href. */
const findingByHref = (report: LinkReport) =>
  new Map(report.findings.map((f) => [f.href, `${f.code} ${f.file}:${f.line}:${f.column}`]));

test('judges 5,000 links against 5,000 placeholder rules in linear time, by the first rule that matches', async () => {
  const n = 5_000;
  // Half the rules share their first segment, so an index by that segment alone would not be enough.
  const rules = Array.from({ length: n }, (_, i) =>
    i % 2 ? `/shared/:x/b${i} /posts/:x/ 301` : `/a${i}/:x/b /posts/:x/ 301`,
  );
  // Href i goes through rule i to an existing page (i % 4 < 2), or matches no rule and no file.
  const hrefs = Array.from({ length: n }, (_, i) => {
    const end = i % 4 < 2 ? 'b' : 'c';
    return i % 2 ? `/shared/first/${end}${i}` : `/a${i}/first/${end}`;
  });
  hrefs.push('/a0/third/b', '/a2/shadow/b', '/posts/first/');
  const dir = await siteWithLinks(
    'many-placeholder-rules',
    {
      'posts/first/index.html': '<!DOCTYPE html><title>First</title>',
      // A file shadows the rule for its path, which is not forced.
      'a2/shadow/b.html': '<!DOCTYPE html><title>Shadowing</title>',
      _redirects: rules.join('\n'),
    },
    hrefs,
  );
  // Scanning every rule for each link takes longer than this bound; the index, a small part of it.
  const report = await check(dir, {}, 5_000);
  const counts: Record<string, number> = {};
  for (const finding of report.findings) counts[finding.code] = (counts[finding.code] ?? 0) + 1;
  assert.deepEqual(counts, {
    'links.redirected': n / 2,
    'links.missing-page': n / 2,
    'links.redirect-missing-target': 1,
    // More dynamic rules than Cloudflare Pages takes: one warning, at the 101st.
    'links.redirects-over-host-limit': 1,
  });
  const found = findingByHref(report);
  assert.equal(found.get('/a0/first/b'), 'links.redirected links-0.html:2:4');
  assert.equal(found.get('/shared/first/b4997'), 'links.redirected links-7.html:501:4');
  assert.equal(found.get('/a4998/first/c'), 'links.missing-page links-8.html:501:4');
  assert.equal(found.get('/shared/first/c3'), 'links.missing-page links-3.html:2:4');
  assert.equal(found.get('/a0/third/b'), 'links.redirect-missing-target links-0.html:502:4');
  assert.equal(found.get('/a2/shadow/b'), undefined, 'the file is served, not the rule');
  assert.equal(found.get('/posts/first/'), undefined);
  assert.equal(report.findings.find((f) => f.href === '/shared/first/b1')?.suggestion, '/posts/first/');
});

test('matches links against rules built to defeat the rule index (every literal/placeholder mix) in time linear in the links', () => {
  // 2^12 rules: each of the 12 segments is `a` or a placeholder (rule m has `a` where m has a 1
  // bit), the rule of all literals first. A path of a's is at every one of them after its 12th
  // segment: walking each rule that could match costs thousands of steps a link.
  const all = (1 << patternSegmentLimit) - 1;
  const mixes = Array.from({ length: all + 1 }, (_, k) => all - k).map(
    (m) =>
      `/${Array.from({ length: patternSegmentLimit }, (_, i) => ((m >> i) & 1 ? 'a' : `:p${i}`)).join('/')} /t${m} 301`,
  );
  const table = redirectTableOf(mixes.join('\n'));
  const prefix = `/${Array.from({ length: patternSegmentLimit }, () => 'a').join('/')}`;
  const started = performance.now();
  for (let i = 0; i < 200_000; i++) assert.equal(table.match(`${prefix}/x${i}`), undefined);
  const ms = performance.now() - started;
  // The walk takes about a second per 10,000 such links; the memoized one, that for all of them.
  assert.ok(ms < 10_000, `took ${Math.round(ms)} ms`);
  assert.equal(table.match(prefix)?.to, `/t${all}`, 'every rule matches; the first written wins');
  assert.equal(
    table.match(`/b${prefix.slice(2)}`)?.to,
    `/t${all - 1}`,
    'the first rule with a placeholder for the first segment',
  );
  assert.equal(
    table.match(`${prefix.slice(0, -2)}/b/`)?.to,
    `/t${all >> 1}`,
    'the first with a placeholder for the last, a trailing slash ignored',
  );
});

test('leaves out pattern rules of more segments than the limit, and warns where _redirects passes what the hosts document', async () => {
  const long = `/${Array.from({ length: patternSegmentLimit + 1 }, (_, i) => `:s${i}`).join('/')} /posts/first/ 301`;
  const longest = `/${Array.from({ length: patternSegmentLimit }, (_, i) => `:s${i}`).join('/')} /posts/first/ 301`;
  const lines = [
    long,
    longest,
    `/wide/:x /posts/first/?${'q'.repeat(hostRedirectLimits.lineCharacters)} 301`,
    ...Array.from({ length: hostRedirectLimits.dynamicRules }, (_, i) => `/d${i}/:x /posts/first/ 301`),
    ...Array.from({ length: hostRedirectLimits.staticRules + 1 }, (_, i) => `/s${i} /posts/first/ 301`),
  ];
  const deep = (n: number) => `/${Array.from({ length: n }, () => 'x').join('/')}`;
  const dir = await siteWithLinks(
    'host-limits',
    {
      'posts/first/index.html': '<!DOCTYPE html><title>First</title>',
      _redirects: lines.join('\n'),
    },
    [deep(patternSegmentLimit + 1), deep(patternSegmentLimit)],
    1,
  );
  const report = await check(dir, {}, 5_000);
  const warnings = report.findings.filter((f) => f.severity === 'warning' && f.file === '_redirects');
  assert.deepEqual(
    warnings.map((f) => `${f.code} ${f.line}`),
    [
      'links.redirects-over-host-limit 1', // more segments than the limit: left out
      'links.redirects-over-host-limit 3', // longer than Cloudflare's 1,000 characters
      `links.redirects-over-host-limit ${hostRedirectLimits.dynamicRules + 1}`, // the 101st dynamic rule (the first three lines are dynamic too)
      `links.redirects-over-host-limit ${lines.length}`, // the 2,001st static rule
    ],
  );
  assert.match(warnings[0]!.reason, new RegExp(`more than ${patternSegmentLimit} segments`));
  assert.match(warnings[2]!.reason, /Cloudflare Pages takes 100 such rules at most/);
  assert.deepEqual(
    located(report).filter((row) => row.includes('links-0.html')),
    ['links.missing-page links-0.html:2:4', 'links.redirected links-0.html:3:4'],
    'the long rule matches nothing; the one at the limit does',
  );
  assert.equal(report.findings.filter((f) => f.severity === 'error').length, 1, 'the warnings fail nothing');
});

test('reads pattern rules only up to the limit: check-links reports the rest at the first line left out, preview ignores them', async () => {
  const patterns = Array.from({ length: patternRuleLimit + 5 }, (_, i) => `/p${i}/:x /posts/first/ 301`);
  // A comment and a literal rule before the patterns, a literal rule after them: literal rules are all read.
  const lines = ['# generated', '/literal-before /posts/first/ 301', ...patterns, '/literal-after /posts/first/ 301'];
  const firstLeftOut = patternRuleLimit + 3;
  assert.equal(lines[firstLeftOut - 1], `/p${patternRuleLimit}/:x /posts/first/ 301`);
  const hrefs = [
    '/p0/x',
    `/p${patternRuleLimit - 1}/x`,
    `/p${patternRuleLimit}/x`,
    `/p${patternRuleLimit + 4}/x`,
    '/literal-before',
    '/literal-after',
  ];
  const dir = await siteWithLinks(
    'too-many-pattern-rules',
    {
      'posts/first/index.html': '<!DOCTYPE html><title>First</title>',
      _redirects: lines.join('\n'),
    },
    hrefs,
    1,
  );
  const report = await check(dir, {}, 5_000);
  assert.deepEqual(located(report), [
    'links.missing-page links-0.html:4:4',
    'links.missing-page links-0.html:5:4',
    'links.redirected links-0.html:2:4',
    'links.redirected links-0.html:3:4',
    'links.redirected links-0.html:6:4',
    'links.redirected links-0.html:7:4',
    // Warnings where Cloudflare Pages' 100 dynamic rules and Netlify's 10,000 rules are passed.
    'links.redirects-over-host-limit _redirects:10001:1',
    'links.redirects-over-host-limit _redirects:103:1',
    `links.too-many-redirect-rules _redirects:${firstLeftOut}:1`,
  ]);
  const cap = report.findings.find((f) => f.code === 'links.too-many-redirect-rules')!;
  assert.equal(cap.severity, 'error');
  const row = formatReport(report, 'text', dir)
    .split('\n')
    .find((line) => line.includes(`_redirects:${firstLeftOut}:1`));
  assert.equal(
    row,
    `  _redirects:${firstLeftOut}:1  file "_redirects" has more than ${patternRuleLimit.toLocaleString('en-US')} rules with a placeholder or splat, the most the checker reads: ` +
      `the 5 from line ${firstLeftOut} on are not read, and links that need them count as missing. ` +
      "Replace them with fewer rules using splats or placeholders, or move them to the host's bulk redirects.",
  );
  // The static host reads the same rules and answers without the ones left out.
  const table = redirectTableOf(lines.join('\n'));
  assert.equal(table.match(`/p${patternRuleLimit - 1}/x`)?.to, '/posts/first/');
  assert.equal(table.match(`/p${patternRuleLimit}/x`), undefined);
  assert.equal(table.match('/literal-after')?.to, '/posts/first/');
});

test('scans adversarial markup in linear time: srcset commas, ? runs, slash runs, long bases and refreshes', async () => {
  const dir = await siteCopy('adversarial-markup');
  const n = 300_000;
  await writeFile(
    path.join(dir, 'big.html'),
    [
      `<img srcset="a${','.repeat(n)}b,">`,
      `<a href="x${'?'.repeat(n)}&#10;/../..">query run</a>`,
      `<a href="/${'/'.repeat(n)}x">slashes</a>`,
      `<a href="/${'a/'.repeat(n)}x">long missing page</a>`,
      `<a href="#${'b'.repeat(n)}">long missing fragment</a><p id="${'b'.repeat(n - 1)}c">`,
      `<a href="/big.${'x'.repeat(n)}">long extension</a>`,
    ].join('\n'),
  );
  await writeFile(path.join(dir, 'base.html'), `<base href="/${'a'.repeat(n)}/"><a href="../../x">x</a>`);
  await writeFile(path.join(dir, 'stub.html'), `<meta http-equiv="refresh" content="0; url=/${'/'.repeat(n)}">`);
  const findings = await binaryReport(dir);
  assert.deepEqual(findings.map((f) => `${f.code} ${f.file}:${f.line}`).sort(), [
    'links.bad-url stub.html:1',
    'links.missing-file big.html:6',
    'links.missing-fragment big.html:5',
    'links.missing-page big.html:1',
    'links.missing-page big.html:2',
    'links.missing-page big.html:4',
    'links.outside-site base.html:1',
  ]);
  // The dev and e2e servers find a stub's target with the same parser, on every page they send.
  const { ok, output } = runIsolated(`
    import { refreshTargetOf } from '@/cli/static-host/refresh-stub.ts';
    const n = ${n};
    for (const html of ['<meta '.repeat(n), '<meta http-equiv=refresh' + ' content="'.repeat(n / 10), '<meta http-equiv' + '='.repeat(n)]) refreshTargetOf(html);`);
  assert.ok(ok, output);
});

test('formats 200,000 findings in every format without overflowing the stack', () => {
  // The findings a page of 200,000 broken links gives (the checker's own pace on such pages is
  // the linear-time tests above): quadratic formatting would take hours, a spread of them all into
  // one call would overflow the stack.
  const findings = Array.from({ length: 200_000 }, (_, i): LinkReport['findings'][number] => ({
    kind: 'broken-link',
    code: 'links.missing-page',
    severity: 'error',
    page: '/',
    file: 'index.html',
    line: i + 1,
    column: 1,
    attribute: 'a[href]',
    href: `/missing-${i}`,
    target: `/missing-${i}`,
    reason: 'no such page',
  }));
  const report: LinkReport = {
    findings,
    checked: findings.length,
    files: 1,
    pages: 1,
    durationMs: 1,
    siteDir: path.join(scratch, 'many-findings'),
    externalSkipped: 0,
    ignored: 0,
    manifest: false,
  };
  for (const format of ['text', 'github', 'json', 'junit'] as const) {
    const started = performance.now();
    const output = formatReport(report, format, scratch);
    assert.ok(output.length > 200_000 * 20);
    assert.ok(
      performance.now() - started < 3 * limitMs,
      `${format} took ${Math.round(performance.now() - started)} ms`,
    );
    if (format === 'junit') assert.equal(output.match(/<testcase /g)?.length, 200_001);
  }
});

test('a report of megabytes reaches a pipe whole, then the exit code', async () => {
  const dir = path.join(scratch, 'findings-through-a-pipe');
  await mkdir(dir);
  await writeFile(
    path.join(dir, 'index.html'),
    Array.from({ length: 20_000 }, (_, i) => `<a href="/missing-${i}">${i}</a>`).join('\n'),
  );
  const junit = await runBinary(['check-links', dir, '--format', 'junit'], projectRoot);
  assert.equal(junit.code, 1, junit.stderr);
  assert.ok(junit.stdout.length > 4_000_000);
  assert.equal(junit.stdout.match(/<testcase /g)?.length, 20_001);
  assert.match(junit.stdout, /<\/testsuites>\n$/);
});

/** Files whose names try to start workflow commands, each holding a broken link so it is reported. */
const injectingNames = [
  'bad\n::error::pwned.html',
  '%0A::set-env name=X::1.html',
  '::add-mask::secret.html',
  '##[add-mask]x.html',
  'cr\r::warning::fake.html',
  'esc\u001B[2Kbell\u0007.html',
];

test('escapes names and hrefs in text and GitHub output so they cannot inject workflow commands', async () => {
  const dir = await siteCopy('control-chars-in-names');
  for (const name of injectingNames) await writeFile(path.join(dir, name), '<a href="/missing">x</a>');
  // From inside the folder, a file's display path is its bare name: `::add-mask::…` would lead a line.
  const github = await runBinary(['check-links', '.', '--format', 'github'], dir);
  assert.equal(github.code, 1, github.stderr);
  assert.ok(github.ms < limitMs, `took ${github.ms} ms`);
  const lines = github.stdout.trimEnd().split('\n');
  assert.equal(lines.length, injectingNames.length + 2, github.stdout); // a finding per file, the encoded-newline link, the summary
  for (const line of lines.slice(0, -1))
    assert.match(line, /^::error file=[^:\r\n]*,line=\d+,col=\d+,title=[^:]+::[^\r]*$/, line);
  assert.ok(github.stdout.includes('file=%250A%3A%3Aset-env name=X%3A%3A1.html'), 'a literal %0A is sent as %250A');
  assert.doesNotMatch(github.stdout, /[\u0000-\u0009\u000B-\u001F\u007F]/, 'no control character but the line ends');
  const text = await runBinary(['check-links', '.'], dir);
  assert.equal(text.code, 1, text.stderr);
  for (const line of text.stdout.split('\n')) {
    assert.ok(!line.trimStart().startsWith('::') && !line.includes('##['), line);
    assert.doesNotMatch(line, /[\u0000-\u0009\u000B-\u001F\u007F]/);
  }
  assert.ok(text.stdout.includes('\n  bad\\n::error::pwned.html:1:4  a[href] "/missing" no such page\n'), text.stdout);
  assert.ok(text.stdout.includes('\n\\x3a:add-mask::secret.html\n'), text.stdout);
});

test('keeps JSON and JUnit well-formed for any file name or href', async () => {
  const dir = await siteCopy('control-chars-in-names', 'control-chars-xml');
  for (const name of [...injectingNames, 'nul\u0001.html', 'bidi\u202Eevil.html'])
    await writeFile(path.join(dir, name), '<a href="/missing\uFFFF\u0001x">x</a>');
  const report = await check(dir);
  const json = JSON.parse(formatReport(report, 'json', dir)) as { findings: { file: string }[] };
  assert.ok(json.findings.some((f) => f.file === 'bad\n::error::pwned.html'));
  const junit = formatReport(report, 'junit', dir);
  assert.doesNotMatch(
    junit,
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/,
    'only characters XML 1.0 allows',
  );
  const xml = parseXml(junit);
  assert.equal(xml.all('testcase').length, report.findings.length + 1);
  assert.ok(xml.all('testcase').some((testcase) => testcase.attribs.file === 'bad\n::error::pwned.html'));
});

/** A local server standing in for the internet, counting what reaches it. */
async function countingServer(
  handler: (url: string) => { status: number; location?: string },
): Promise<{ server: Server; port: number; hits: string[] }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(`${request.method} ${request.url}`);
    const { status, location } = handler(request.url ?? '/');
    response.writeHead(status, location ? { location } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

/** A site whose only page links to `urls`. */
async function siteLinking(name: string, urls: string[]): Promise<string> {
  const dir = await siteCopy('private-host-link', name);
  await writeFile(path.join(dir, 'links.html'), urls.map((url) => `<a href="${url}">x</a>`).join('\n'));
  return dir;
}

/** A stub resolver: names to addresses, counting lookups; any other name does not resolve. */
function stubResolver(names: Record<string, string[]>): HostResolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string) => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));
  };
  return Object.assign(resolver, { calls });
}

test('classifies loopback, link-local, private, unspecified and multicast addresses as non-public', () => {
  for (const address of [
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    'not an address',
  ]) {
    assert.equal(isNonPublicAddress(address), true, address);
  }
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])
    assert.equal(isNonPublicAddress(address), false, address);
});

test('--external refuses a loopback link by default, before any request; --allow-private-hosts checks it', async () => {
  const { server, port, hits } = await countingServer(() => ({ status: 200 }));
  try {
    const dir = await siteLinking('private-default', [`http://127.0.0.1:${port}/ok`, `http://[::1]:${port}/v6`]);
    assert.deepEqual(await binaryFindings(dir, '--external', '--timeout', '2000'), [
      'links.private-address links.html:1:4',
      'links.private-address links.html:2:4',
    ]);
    assert.deepEqual(hits, []);
    const allowed = await check(dir, { external: true, allowPrivateHosts: true, timeoutMs: 2_000 });
    assert.deepEqual(located(allowed), ['links.http-failed links.html:2:4'], 'nothing listens on ::1');
    assert.deepEqual(hits, ['HEAD /ok']);
    const run = await runBinary([
      'check-links',
      dir,
      '--external',
      '--allow-private-hosts',
      '--ignore',
      'http://[::1]',
    ]);
    assert.equal(run.code, 0, run.stdout);
  } finally {
    server.close();
  }
});

test('--external refuses a public-looking name that resolves to a private address, checking every address', async () => {
  const { server, port, hits } = await countingServer(() => ({ status: 200 }));
  try {
    const lookup = stubResolver({ 'public.example': ['127.0.0.1'], 'mixed.example': ['93.184.216.34', '10.0.0.7'] });
    const dir = await siteLinking('private-dns', [`http://public.example:${port}/`, `http://mixed.example:${port}/`]);
    const report = await check(dir, { external: true, lookup, timeoutMs: 2_000 });
    assert.deepEqual(located(report), ['links.private-address links.html:1:4', 'links.private-address links.html:2:4']);
    assert.match(report.findings[1]!.reason, /mixed\.example resolves to 10\.0\.0\.7/);
    assert.deepEqual(hits, []);
  } finally {
    server.close();
  }
});

test('--external checks every redirect hop the same way: a public host redirecting to loopback is refused at the hop', async () => {
  const { server, port, hits } = await countingServer((url) =>
    url === '/to-loopback'
      ? { status: 302, location: `http://127.0.0.1:${port}/inside` }
      : url === '/to-name'
        ? { status: 301, location: `http://sneaky.example:${port}/inside` }
        : url === '/loop'
          ? { status: 307, location: '/loop' }
          : { status: 200 },
  );
  try {
    // Only public.example may be reached on loopback (the stand-in for a public server); the hops may not.
    const lookup = stubResolver({ 'public.example': ['127.0.0.1'], 'sneaky.example': ['127.0.0.1'] });
    const site = `http://public.example:${port}`;
    const dir = await siteLinking('private-hop', [
      `${site}/to-loopback`,
      `${site}/to-name`,
      `${site}/ok`,
      `${site}/loop`,
    ]);
    const report = await check(dir, {
      external: true,
      lookup,
      allowPrivateHosts: ['public.example'],
      timeoutMs: 5_000,
    });
    assert.deepEqual(located(report), [
      'links.private-address links.html:1:4',
      'links.private-address links.html:2:4',
      'links.too-many-redirects links.html:4:4',
    ]);
    assert.match(report.findings[0]!.reason, /^redirects to http:\/\/127\.0\.0\.1:\d+\/inside: /);
    assert.deepEqual(
      hits.filter((hit) => hit.includes('/inside')),
      [],
    );
    assert.deepEqual(hits.filter((hit) => !hit.includes('/loop')).sort(), [
      'HEAD /ok',
      'HEAD /to-loopback',
      'HEAD /to-name',
    ]);
    assert.equal(
      hits.filter((hit) => hit === 'HEAD /loop').length,
      21,
      'the first request and 20 redirects, then no more',
    );
    // One lookup per hop: the connection reuses the checked address instead of resolving again.
    assert.equal(lookup.calls.filter((name) => name === 'public.example').length, hits.length);
  } finally {
    server.close();
  }
});
