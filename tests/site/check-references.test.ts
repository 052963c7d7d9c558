import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { SiteErrorList } from '../../cli/errors.ts';
import { loadStep } from '../../cli/pipeline/load-step.ts';
import { routeStep } from '../../cli/pipeline/route-step.ts';
import { validateStep } from '../../cli/pipeline/validate-step.ts';
import { copyContent, editFile, projectRoot } from '../helpers/content.ts';
import { realSite } from '../helpers/real-site.ts';

// The links and images the marketing site's content names, checked as a build checks them once
// its routes are known (the engine's rules are in tests/validate/check-references.test.ts).

async function referenceErrors(edit: (content: string) => Promise<void>) {
  const { content, cleanup } = await copyContent();
  try {
    await edit(content);
    routeStep(validateStep(await loadStep(realSite, projectRoot, content), { now: new Date('2026-11-21T00:00:00Z') }));
    return [];
  } catch (error) {
    if (error instanceof SiteErrorList) return error.errors;
    throw error;
  } finally {
    await cleanup();
  }
}

test('accepts the real content', async () => {
  assert.deepEqual(await referenceErrors(async () => {}), []);
});

test('reports a guide card that points to a route that does not exist, at its JSON line', async () => {
  const errors = await referenceErrors((c) =>
    editFile(path.join(c, 'data', 'home.json'), '"href": "/guides/test-data"', '"href": "/guides/test-datas"'),
  );
  assert.ok(errors.length >= 1);
  assert.equal(errors[0]!.code, 'content.unknown-route');
  assert.match(errors[0]!.file!, /home\.json$/);
  assert.match(errors[0]!.message, /"\/guides\/test-datas" is not a page of the site/);
  assert.ok(errors[0]!.line! > 1);
});

test('reports the footer spelling /services/dev-shops only when no redirect declares it', async () => {
  const withRedirect = await referenceErrors((c) =>
    editFile(
      path.join(c, 'data', 'navigation.json'),
      '"href": "/humans" }\n        ]',
      '"href": "/services/dev-shops" }\n        ]',
    ),
  );
  assert.deepEqual(withRedirect, []);
  const withoutRedirect = await referenceErrors(async (c) => {
    await editFile(
      path.join(c, 'data', 'navigation.json'),
      '"href": "/humans" }\n        ]',
      '"href": "/services/dev-shop" }\n        ]',
    );
  });
  assert.equal(withoutRedirect[0]?.hint, 'did you mean /services/devshops?');
});

test('reports an image that is not in content/images', async () => {
  const errors = await referenceErrors((c) =>
    editFile(path.join(c, 'posts', 'ai-powered-bug-reports.md'), /^image: .*$/m, 'image: /images/posts/missing.svg'),
  );
  assert.deepEqual(
    errors.map((e) => [e.code, e.line]),
    [['content.missing-image', 7]],
  );
});
