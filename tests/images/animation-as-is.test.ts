// An animation with more pixels in all its frames than the build resizes is published as it
// was made, at its own address and without variants, with a warning at its file (as Hugo and
// Astro publish one); `build --strict` refuses it. The site's definition can raise the limit.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError, SiteErrorList } from '../../cli/errors.ts';
import { buildSite } from '../../cli/pipeline/build-site.ts';
import { DiskWriter } from '../../cli/write/writers.ts';
import tinyDefinition from '../sites/tiny/sitegen.config.ts';
import { tinyContentCopy } from '../helpers/build-output.ts';
import { animatedGif } from '../helpers/images.ts';
import { loadedSite, tinyRoot } from '../helpers/sites.ts';

test(
  'a long animation is published byte for byte with a warning, a short one resized; --strict refuses the long one',
  { timeout: 120_000 },
  async () => {
    const { dir, content, cleanup } = await tinyContentCopy();
    try {
      // Six frames of 20 × 20 are 2,400 px in all: over a limit of 2,000, the two-frame one under it.
      const long = await animatedGif(20, 20, 6);
      await writeFile(path.join(content, 'images', 'long.gif'), long);
      await writeFile(path.join(content, 'images', 'short.gif'), await animatedGif(20, 20, 2));
      await writeFile(
        path.join(content, 'posts', 'animated.md'),
        '---\ntitle: Animated\ndate: 2024-03-01\n---\n\n![A long recording](/images/long.gif)\n\n![A short one](/images/short.gif)\n',
      );
      const site = loadedSite({ ...tinyDefinition, limits: { animationPixels: 2_000 } });
      const out = path.join(dir, 'out');
      const build = (strict: boolean) =>
        buildSite({ root: tinyRoot, site, contentDir: content, writer: new DiskWriter(out), strict });
      const result = await build(false);
      assert.deepEqual(
        result.warnings
          .filter((warning) => warning instanceof SiteError && warning.code === 'image.published-as-is')
          .map((warning) => path.basename((warning as SiteError).file!)),
        ['long.gif'],
      );
      assert.deepEqual(await readFile(path.join(out, 'images', 'long.gif')), long, 'published as it was made');
      const page = await readFile(path.join(out, 'posts', 'animated', 'index.html'), 'utf8');
      assert.match(
        page,
        /<img src="\/images\/long\.gif" alt="A long recording" width="20" height="20">/,
        'shown from its own file, with no srcset',
      );
      assert.match(page, /<img src="\/images\/short-20w\.\w+\.gif" srcset=/, 'a short animation is resized as before');
      await assert.rejects(
        build(true),
        (error) =>
          error instanceof SiteErrorList &&
          error.errors.some((e) => e.code === 'image.published-as-is' && e.file!.endsWith('long.gif')),
      );
      const raised = await buildSite({
        root: tinyRoot,
        site: loadedSite({ ...tinyDefinition, limits: { animationPixels: 10_000 } }),
        contentDir: content,
        writer: new DiskWriter(out),
      });
      assert.equal(
        raised.warnings.some((warning) => warning instanceof SiteError && warning.code === 'image.published-as-is'),
        false,
        'a raised limit resizes it',
      );
    } finally {
      await cleanup();
    }
  },
);
