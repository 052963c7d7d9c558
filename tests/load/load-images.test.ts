import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadImages } from '../../cli/load/load-images.ts';
import { fixtureContent } from '../helpers/content.ts';

test('reads the size of every SVG under content/images', async () => {
  const { content, cleanup } = await fixtureContent();
  try {
    const images = await loadImages(path.join(content, 'images'));
    assert.deepEqual(images.map((i) => [i.url, i.width, i.height]), [['/images/pixel.svg', 1, 1]]);
  } finally {
    await cleanup();
  }
});

test('reports an SVG without a size at its first line', async () => {
  const { content, cleanup } = await fixtureContent('image-size');
  try {
    await assert.rejects(loadImages(path.join(content, 'images')), (error) => {
      assert.ok(error instanceof SiteErrorList);
      assert.deepEqual(error.errors.map((e) => [e.code, path.relative(content, e.file!), e.line]), [['content.image-size', 'images/no-size.svg', 1]]);
      return true;
    });
  } finally {
    await cleanup();
  }
});
