import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { navigationSchema, siteSchema } from '../../templates/site/schemas/site-config.ts';
import { projectRoot } from '../helpers/content.ts';

const dataset = (name: string) =>
  JSON.parse(readFileSync(path.join(projectRoot, 'content', 'data', `${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

test('formTimeoutSeconds is a whole number of seconds from 1 to 120, 15 when absent', () => {
  const site = dataset('site');
  assert.equal(siteSchema.parse(site).formTimeoutSeconds, site.formTimeoutSeconds);
  const { formTimeoutSeconds: _omitted, ...withoutTimeout } = site;
  assert.equal(siteSchema.parse(withoutTimeout).formTimeoutSeconds, 15);
  for (const seconds of [1, 60, 120])
    assert.equal(siteSchema.parse({ ...site, formTimeoutSeconds: seconds }).formTimeoutSeconds, seconds);
  for (const seconds of [0, -5, 121, 1.5, '15', null]) {
    const result = siteSchema.safeParse({ ...site, formTimeoutSeconds: seconds });
    assert.equal(result.success, false, `${JSON.stringify(seconds)} is refused`);
    assert.deepEqual(
      result.error!.issues.map((issue) => issue.path),
      [['formTimeoutSeconds']],
    );
  }
});

test('the newsletter needs its thank-you, failure and honeypot texts', () => {
  const navigation = dataset('navigation') as { footer: { newsletter: Record<string, string> } };
  assert.ok(navigationSchema.safeParse(navigation).success);
  for (const field of ['thanks', 'failure', 'honeypotLabel']) {
    const { [field]: _omitted, ...rest } = navigation.footer.newsletter;
    const result = navigationSchema.safeParse({ ...navigation, footer: { ...navigation.footer, newsletter: rest } });
    assert.equal(result.success, false, `${field} is required`);
    assert.deepEqual(
      result.error!.issues.map((issue) => issue.path.join('.')),
      [`footer.newsletter.${field}`],
    );
  }
});
