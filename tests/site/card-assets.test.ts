import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import { SiteError } from '../../cli/errors.ts';
import { readCardAssets, readColours, type CardData } from '../../templates/site/card-assets.ts';
import { projectRoot } from '../helpers/content.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

const stylesheet = path.join(projectRoot, 'templates', 'styles', 'base.css');

test("reads the card colours from the stylesheet's custom properties", async () => {
  const css = await readFile(stylesheet, 'utf8');
  const colours = readColours(stylesheet, css);
  assert.equal(colours.navy, /--navy:\s*(#[0-9a-f]+)/i.exec(css)![1]);
  assert.equal(colours.navy2, /--navy-2:\s*(#[0-9a-f]+)/i.exec(css)![1]);
  assert.match(colours.teal, /^#[0-9a-f]{3,8}$/i);
});

test('a colour the stylesheet lacks is share-card.failed naming the stylesheet', () => {
  assert.throws(
    () => readColours('base.css', ':root { --navy-2: #16285a; --indigo: #4f46e5; }'),
    (error: unknown) => {
      assert.ok(error instanceof SiteError);
      assert.equal(error.code, 'share-card.failed');
      assert.equal(error.file, 'base.css');
      assert.match(error.message, /--navy\b/);
      return true;
    },
  );
});

test('the fingerprint changes with the brand, so cards are redrawn when what they show changes', async () => {
  const { model } = await loadSiteModel();
  const first = readCardAssets(projectRoot, model);
  const renamed = readCardAssets(projectRoot, {
    ...model,
    data: { ...model.data, site: { ...model.data.site, brand: 'Another Brand' } },
  });
  assert.equal((first.data as CardData).host, 'checkpointqa.com');
  assert.equal(first.fonts.length, 4);
  assert.notEqual(first.fingerprint, renamed.fingerprint);
  assert.equal(first.fingerprint, readCardAssets(projectRoot, model).fingerprint);
});
