import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { inputLimits } from '../../cli/input-limits.ts';
import { loadImages } from '../../cli/images/load-images.ts';
import { imagePolicy } from '../../cli/write/headers-file.ts';
import { Cache } from '../../cli/cache/cache.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { MemoryWriter } from '../../cli/write/writers.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { projectRoot } from '../helpers/content.ts';
import { startTestDevServer } from '../helpers/dev-server.ts';
import { tinyRoot, tinySite } from '../helpers/sites.ts';
import { hangBound } from '../helpers/hang-bound.ts';

// An SVG under content/images is published as a file of the site: opened directly, it is a
// document at the site's origin. Each case below is something that would run a script there,
// load another file, or leak a visit, and must not be in what is published; the file it was
// removed from is named in an `image.svg-sanitized` warning.

const open =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40" viewBox="0 0 40 40">';
/** A small picture with `body` drawn over its background. */
const picture = (body: string) => `${open}\n<rect width="40" height="40" fill="#4f46e5"/>\n${body}\n</svg>\n`;

interface Loaded {
  /** What the build publishes of the file. */
  published: string;
  warnings: SiteError[];
  /** The file's path, as warnings and errors name it. */
  file: string;
}

/** Loads a content/images folder holding just `hostile.svg` with `text`. */
async function load(text: string): Promise<Loaded> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-svg-'));
  try {
    const images = path.join(dir, 'content', 'images');
    const file = path.join(images, 'hostile.svg');
    await mkdir(images, { recursive: true });
    await writeFile(file, text);
    const { svg, warnings } = await loadImages(images);
    assert.equal(svg.length, 1);
    return { published: svg[0]!.contents.toString('utf8'), warnings, file };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The problems loading `text` as content/images/hostile.svg stops on, as [code, file name, line]. */
async function loadErrors(text: string): Promise<[string, string | undefined, number | undefined][]> {
  try {
    await load(text);
  } catch (error) {
    assert.ok(error instanceof SiteErrorList, String(error));
    return error.errors.map((e) => [e.code, e.file && path.basename(e.file), e.line]);
  }
  assert.fail('expected loading to fail');
}

interface HostileCase {
  /** The behaviour, as the test name states it. */
  what: string;
  svg: string;
  /** Text that must not be in the published file. */
  gone: string[];
  /** What the warning must say was removed. */
  named: string;
}

const cases: HostileCase[] = [
  {
    what: 'a <script> element',
    svg: picture('<script>window.__pwned = true</script>'),
    gone: ['<script', '__pwned'],
    named: '<script>',
  },
  {
    what: 'an event handler attribute (onload, onclick)',
    svg: `${open.replace('<svg ', '<svg onload="window.__pwned = true" ')}<rect width="40" height="40" onclick="window.__pwned = true"/></svg>`,
    gone: ['onload', 'onclick', '__pwned'],
    named: 'onload="window.__pwned = true" on <svg>',
  },
  {
    what: 'a <foreignObject> holding HTML',
    svg: picture(
      '<foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="window.__pwned = true"/></div></foreignObject>',
    ),
    gone: ['foreignObject', 'onerror', '__pwned'],
    named: '<foreignObject>',
  },
  {
    what: '<animate> setting href to a javascript: URL',
    svg: picture(
      '<a><animate attributeName="href" values="javascript:window.__pwned = true"/><text y="20">Play</text></a>',
    ),
    gone: ['<animate', 'javascript:'],
    named: '<animate>',
  },
  {
    what: '<set> setting xlink:href to a javascript: URL',
    svg: picture(
      '<a><set attributeName="xlink:href" to="javascript:window.__pwned = true"/><text y="20">Play</text></a>',
    ),
    gone: ['<set', 'javascript:'],
    named: '<set>',
  },
  {
    what: 'an animation the SVG profile allows (<animateTransform>) aimed at href',
    svg: picture(
      '<a><animateTransform attributeName="href" values="javascript:window.__pwned = true"/><text y="20">Play</text></a>',
    ),
    gone: ['animateTransform', 'javascript:'],
    named: '<animateTransform> (animates href)',
  },
  {
    what: '<use href> pointing at another file',
    svg: picture('<use href="https://evil.example/sprite.svg#icon"/>'),
    gone: ['evil.example'],
    named: 'href="https://evil.example/sprite.svg#icon" on <use>',
  },
  {
    what: '<use xlink:href> pointing at another file',
    svg: picture('<use xlink:href="http://evil.example/sprite.svg#icon"/>'),
    gone: ['evil.example'],
    named: 'xlink:href="http://evil.example/sprite.svg#icon" on <use>',
  },
  {
    what: '<image href> loading another file',
    svg: picture('<image href="http://evil.example/beacon.png" width="1" height="1"/>'),
    gone: ['evil.example'],
    named: 'href="http://evil.example/beacon.png" on <image>',
  },
  {
    what: 'a javascript: URL on a link, whitespace and all',
    svg: picture(
      '<a href="javascript:window.__pwned = true"><text y="20">A</text></a><a xlink:href=" java&#9;script:window.__pwned = true"><text y="30">B</text></a>',
    ),
    gone: ['script:', '__pwned'],
    named: 'href="javascript:window.__pwned = true" on <a>',
  },
  {
    what: 'a data: URL in an <image>',
    svg: picture(
      '<image href="data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIG9ubG9hZD0iYWxlcnQoMSkiLz4=" width="1" height="1"/>',
    ),
    gone: ['data:'],
    named: 'href="data:image/svg+xml;base64,',
  },
  {
    what: 'CSS url(http…) in a <style> element',
    svg: picture('<style>rect { fill: url(https://evil.example/paint.svg#p) }</style>'),
    gone: ['evil.example'],
    named: '<style> (url(https://evil.example/paint.svg#p))',
  },
  {
    what: 'CSS url(http…) written with an escape (u\\72l) in a <style> element',
    svg: picture('<style>rect { fill: u\\72l(https://evil.example/paint.svg#p) }</style>'),
    gone: ['evil.example'],
    named: '<style> (url(https://evil.example/paint.svg#p))',
  },
  {
    what: 'CSS @import in a <style> element',
    svg: picture('<style>@import "https://evil.example/theme.css"; rect { fill: red }</style>'),
    gone: ['evil.example', '@import'],
    named: '<style> (@import)',
  },
  {
    what: 'CSS url(http…) in a style attribute',
    svg: picture(`<rect width="4" height="4" style="fill: url('http://evil.example/paint.svg#p')"/>`),
    gone: ['evil.example'],
    named: `style="fill: url('http://evil.example/paint.svg#p')" on <rect>`,
  },
  {
    what: 'CSS url(http…) in a presentation attribute (fill)',
    svg: picture('<rect width="4" height="4" fill="url(https://evil.example/paint.svg#p)"/>'),
    gone: ['evil.example'],
    named: 'fill="url(https://evil.example/paint.svg#p)" on <rect>',
  },
  {
    what: 'an <?xml-stylesheet?> loading another file',
    svg: `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet href="https://evil.example/theme.css"?>\n${picture('')}`,
    gone: ['evil.example', 'xml-stylesheet'],
    named: '<?xml-stylesheet?>',
  },
  {
    what: 'a DOCTYPE whose internal subset declares entities',
    svg: `<!DOCTYPE svg [<!ENTITY payload "window.__pwned = true">]>\n${picture('<text y="20">&payload;</text>')}`,
    gone: ['<!DOCTYPE', '<!ENTITY'],
    named: '<!DOCTYPE> with an internal subset',
  },
];

for (const { what, svg, gone, named } of cases) {
  test(`${what} is not published, and a warning names the file and what was removed`, async () => {
    const { published, warnings, file } = await load(svg);
    for (const text of gone) assert.ok(!published.includes(text), `published file still holds ${text}:\n${published}`);
    assert.deepEqual(
      warnings.map((w) => [w.code, w.file]),
      [['image.svg-sanitized', file]],
    );
    assert.ok(warnings[0]!.message.includes(named), `warning names ${named}: ${warnings[0]!.message}`);
    // What is left is still a picture: the background rectangle survives.
    assert.match(published, /^<svg [^>]*viewBox="0 0 40 40"/);
    assert.match(published, /<rect[^>]*width="4"|<rect width="40" height="40"/);
  });
}

test('an illustration using gradients, filters, masks, clip paths, patterns, <use href="#…"> and plain CSS is published byte for byte, without a warning', async () => {
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<!-- Exported by hand -->
${open.replace('>', ' role="img">')}
<title>Everything an illustration needs</title>
<style><![CDATA[ .dot > circle { fill: url(#fade); } ]]></style>
<defs>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed" stop-opacity="0"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#14b8a6"/></radialGradient>
<pattern id="dots" width="4" height="4" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1"/></pattern>
<filter id="shadow" x="-20%" y="-20%" width="140%" height="150%"><feGaussianBlur stdDeviation="2"/><feDropShadow dx="0" dy="2" stdDeviation="3" flood-color="#0b1b3f" flood-opacity="0.14"/></filter>
<mask id="hole"><rect width="40" height="40" fill="#fff"/><circle cx="20" cy="20" r="5"/></mask>
<clipPath id="round"><rect width="40" height="40" rx="8"/></clipPath>
<path id="tick" d="M10 20l6 6 14-14"/>
</defs>
<g clip-path="url(#round)" mask="url(#hole)" filter="url(#shadow)"><rect width="40" height="40" fill="url(#dots)" style="stroke: url(#glow); stroke-width: 2"/></g>
<g class="dot"><circle cx="8" cy="8" r="3"/></g>
<use href="#tick" stroke="#fff"/><use xlink:href="#tick" transform="translate(2 2)"/>
<polygon points="0,0 4,0 4,4 " fill="#fff"/>
</svg>
`;
  const { published, warnings } = await load(svg);
  assert.deepEqual(warnings, []);
  assert.equal(published, svg);
});

test("the site's own SVGs are all published byte for byte, without a warning", async () => {
  const images = path.join(projectRoot, 'content', 'images');
  const { svg, warnings } = await loadImages(images);
  assert.deepEqual(
    warnings.map((w) => w.file),
    [],
  );
  assert.ok(svg.length > 0);
  for (const image of svg)
    assert.ok(image.contents.equals(await readFile(image.source)), `${image.url} is published as written`);
});

test('an SVG that is not well-formed XML stays an error at its line: there is nothing safe to publish', async () => {
  assert.deepEqual(await loadErrors(`${open}\n<g>\n<rect width="1" height="1"/>\n</svg>`), [
    ['image.corrupt', 'hostile.svg', 4],
  ]);
});

test('an SVG whose root element is not an <svg> in the SVG namespace is an error', async () => {
  assert.deepEqual(await loadErrors('<svg width="1" height="1"><script>window.__pwned = true</script></svg>'), [
    ['image.corrupt', 'hostile.svg', 1],
  ]);
});

test("an SVG whose root is written with a namespace prefix (<svg:svg>) is an error at the file, in the build's words", async () => {
  const prefixed =
    '<svg:svg xmlns:svg="http://www.w3.org/2000/svg" width="1" height="1"><svg:rect width="1" height="1"/></svg:svg>';
  assert.deepEqual(await loadErrors(prefixed), [['image.corrupt', 'hostile.svg', 1]]);
});

test('an SVG of more elements than the limit is refused at the element past it, before it is parsed', async () => {
  const rects = '<rect width="1" height="1"/>\n'.repeat(inputLimits.svgElements);
  assert.deepEqual(await loadErrors(`${open}\n${rects}</svg>`), [
    ['content.file-too-large', 'hostile.svg', inputLimits.svgElements + 1],
  ]);
});

test('an SVG nesting elements deeper than the limit is refused at the element past it', async () => {
  const depth = inputLimits.svgDepth;
  assert.deepEqual(await loadErrors(`${open}\n${'<g>\n'.repeat(depth)}${'</g>'.repeat(depth)}</svg>`), [
    ['content.too-deep', 'hostile.svg', depth + 1],
  ]);
  // Quoted `>`, comments and CDATA are not elements: the root, groups and a <style> as deep as the limit are fine.
  const { published } = await load(
    `${open}<!-- <g><g> -->${'<g class="a>b">'.repeat(depth - 2)}<style><![CDATA[<g>]]></style>${'</g>'.repeat(depth - 2)}</svg>`,
  );
  assert.equal(published.split('<g ').length - 1, depth - 2);
});

test('a megabyte of nested groups is refused in well under the time jsdom would take over it', async () => {
  const started = performance.now();
  const groups = Math.floor((inputLimits.imageBytes - 200) / 7);
  assert.deepEqual(await loadErrors(`${open}${'<g>'.repeat(groups)}${'</g>'.repeat(groups)}</svg>`), [
    ['content.too-deep', 'hostile.svg', 1],
  ]);
  assert.ok(performance.now() - started < hangBound, `took ${Math.round(performance.now() - started)} ms`);
});

test('a build publishes the sanitized SVG and returns its warning', { timeout: 120_000 }, async () => {
  const { content, cleanup } = await tinyContentCopy();
  try {
    const file = path.join(content, 'images', 'hostile.svg');
    await writeFile(
      file,
      picture('<script>window.__pwned = true</script><use href="https://evil.example/sprite.svg#icon"/>'),
    );
    const writer = new MemoryWriter();
    const result = await buildSite({
      root: tinyRoot,
      site: tinySite,
      contentDir: content,
      writer,
      checkLinks: false,
      cache: new Cache(undefined),
    });
    const published = String(Buffer.from(writer.files.get('images/hostile.svg') as Uint8Array));
    assert.ok(!published.includes('__pwned') && !published.includes('evil.example'), published);
    const sanitized = result.warnings.filter(
      (w): w is SiteError => w instanceof SiteError && w.code === 'image.svg-sanitized',
    );
    assert.deepEqual(
      sanitized.map((w) => w.file),
      [file],
    );
  } finally {
    await cleanup();
  }
});

test('dev serves the sanitized SVG under the image policy, and prints its warning', { timeout: 120_000 }, async () => {
  const { content, cleanup } = await tinyContentCopy();
  try {
    await writeFile(path.join(content, 'images', 'hostile.svg'), picture('<script>window.__pwned = true</script>'));
    const { server, logs } = await startTestDevServer({
      root: tinyRoot,
      contentDir: content,
      cache: new Cache(undefined),
    });
    try {
      const response = await fetch(`${server.url}/images/hostile.svg`);
      assert.equal(response.headers.get('content-security-policy'), imagePolicy);
      assert.ok(!(await response.text()).includes('__pwned'));
      assert.ok(
        logs.some((text) => text.includes('images/hostile.svg') && text.includes('[image.svg-sanitized]')),
        logs.join('\n'),
      );
    } finally {
      await server.close();
    }
  } finally {
    await cleanup();
  }
});

/**
 * Runs `script` in a fresh Node process (with tsx) in the project root and answers whether
 * jsdom was loaded by the end: jsdom is CommonJS, so it shows in the require cache.
 */
function loadsJsdom(script: string): boolean {
  const probe = `
    import { createRequire } from 'node:module';
    ${script}
    const cache = createRequire(import.meta.url).cache;
    console.log(Object.keys(cache).some((file) => file.includes('/node_modules/jsdom/')) ? 'jsdom' : 'none');`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', probe], {
    cwd: projectRoot,
    encoding: 'utf8',
  });
  return output.trim().endsWith('jsdom');
}

test(
  'the CLI starts without loading jsdom, and a load of SVGs known clean from the last one does not load it either',
  { timeout: 60_000 },
  async () => {
    assert.equal(
      loadsJsdom(`const { createProgram } = await import('./cli/index.ts'); createProgram();`),
      false,
      'the CLI program',
    );
    const dir = await mkdtemp(path.join(os.tmpdir(), 'sitegen-svg-index-'));
    try {
      const images = path.join(dir, 'content', 'images');
      await mkdir(images, { recursive: true });
      await writeFile(path.join(images, 'clean.svg'), picture('<circle cx="20" cy="20" r="4"/>'));
      const loadTwice = `
      const { Cache } = await import('./cli/cache/cache.ts');
      const { loadImages } = await import('./cli/images/load-images.ts');
      await loadImages(${JSON.stringify(images)}, { cache: new Cache(${JSON.stringify(path.join(dir, 'cache'))}) });`;
      assert.equal(loadsJsdom(loadTwice), true, 'the first load sanitizes the SVG');
      assert.equal(loadsJsdom(loadTwice), false, 'the second load knows it clean');
      await writeFile(path.join(images, 'clean.svg'), picture('<circle cx="20" cy="20" r="5"/>'));
      assert.equal(loadsJsdom(loadTwice), true, 'an edited SVG is sanitized again');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

test('an SVG sized under one pixel, without a viewBox, is a located content.image-size error rather than a zero-sized image', async () => {
  const tiny = '<svg xmlns="http://www.w3.org/2000/svg" width="0.4" height="0.4"><rect width="1" height="1"/></svg>';
  assert.deepEqual(await loadErrors(tiny), [['content.image-size', 'hostile.svg', 1]]);
  const { published } = await load(
    '<svg xmlns="http://www.w3.org/2000/svg" width="0.4" height="0.4" viewBox="0 0 40 40"><rect width="1" height="1"/></svg>',
  );
  assert.ok(published.includes('viewBox'), 'a viewBox gives the size');
});
