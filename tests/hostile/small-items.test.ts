import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { loadJson } from '../../cli/load/load-json.ts';
import { absoluteUrlProblem, sitePathProblem } from '../../cli/validate/url-fields.ts';
import { lockFileOf, lockOutput } from '../../cli/write/output-lock.ts';

// The smaller holes of the hostile-input review, each closed with a located error or a clean refusal.

test('a lock whose process id cannot be written (a full disk) is removed, and the build stops with the reason', async (t) => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-lock-full-'));
  try {
    const out = path.join(tmp, 'dist');
    const probe = await open(path.join(tmp, 'probe'), 'w');
    const fileHandle = Object.getPrototypeOf(probe) as { writeFile: (...args: unknown[]) => Promise<void> };
    await probe.close();
    const full = t.mock.method(fileHandle, 'writeFile', () =>
      Promise.reject(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
    );
    await assert.rejects(
      lockOutput(out),
      (error: unknown) =>
        error instanceof SiteError && error.code === 'output.unwritable' && /ENOSPC/.test(error.message),
    );
    assert.equal(existsSync(lockFileOf(out)), false, 'no empty lock is left behind');
    full.mock.restore();
    const release = await lockOutput(out);
    await release();
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('a dataset starting with a byte-order mark is read as the JSON it holds', async () => {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'sitegen-bom-'));
  try {
    const file = path.join(tmp, 'data', 'site.json');
    await mkdirFor(file);
    await writeFile(file, '\ufeff{ "title": "Tiny" }');
    assert.deepEqual((await loadJson('site', file)).value, { title: 'Tiny' });
    await writeFile(file, '\ufeff{ "title": }');
    await assert.rejects(
      loadJson('site', file),
      (error: unknown) =>
        error instanceof SiteError &&
        error.code === 'content.bad-json' &&
        error.line === 1 &&
        !error.message.includes('\ufeff'),
    );
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
});

test('a site path with a line break or a control character is refused for what it is', () => {
  for (const value of ['/a\n/b', '/\n/evil.example', '/a b', '/a\u0000']) {
    assert.equal(
      sitePathProblem(value),
      'a site path holds no spaces, line breaks or other control characters',
      JSON.stringify(value),
    );
  }
});

test('a wildcard host is no URL a page may talk to', () => {
  assert.match(absoluteUrlProblem('https://*.zapier.com/hooks/catch/1/') ?? '', /one concrete host name/);
  assert.equal(absoluteUrlProblem('https://hooks.zapier.com/hooks/catch/1/'), undefined);
});

async function mkdirFor(file: string): Promise<void> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path.dirname(file), { recursive: true });
}

test('an image on another host in Markdown is a located error, never a bare <img> the policy would block', async () => {
  const { renderMarkdown } = await import('../../cli/render/markdown/render-markdown.ts');
  for (const src of ['https://tracker.example/pixel.png', 'http://cdn.example/a.jpg', '//cdn.example/a.jpg']) {
    const rendered = await renderMarkdown(`Intro.\n\n![A chart](${src})\n`, 5);
    assert.deepEqual(
      rendered.problems?.map((problem) => [problem.code, problem.line, problem.column]),
      [['markdown.external-image', 7, 1]],
      src,
    );
    assert.doesNotMatch(rendered.html, /<img/, src);
  }
  const local = await renderMarkdown('![A chart](/images/chart.png)\n', 1);
  assert.equal(local.problems, undefined);
});

test('a 250-character word in a share-card title wraps and ends in an ellipsis instead of being clipped', async () => {
  const { default: satori } = await import('satori');
  const { default: ShareCardText, textBox } = await import('../../templates/share-card/ShareCard.tsx');
  const { readCardAssets } = await import('../../templates/site/card-assets.ts');
  const { loadSiteModel } = await import('../helpers/site-model.ts');
  const { projectRoot } = await import('../helpers/content.ts');
  const { model } = await loadSiteModel();
  const assets = readCardAssets(projectRoot, model);
  const colours = (assets.data as { colours: Parameters<typeof ShareCardText>[0]['colours'] }).colours;
  const svg = await satori(ShareCardText({ title: 'x'.repeat(250), kind: 'Blog', colours }), {
    width: textBox.width,
    height: textBox.height,
    fonts: assets.fonts,
    embedFont: false,
  });
  const lines = new Set([...svg.matchAll(/<text[^>]*\by="([\d.]+)"/g)].map((match) => match[1]));
  assert.ok(lines.size >= 3, `the title takes three lines, not one clipped line (${lines.size})`);
  assert.match(svg, /…/);
});
