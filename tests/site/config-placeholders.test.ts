import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fillConfigPlaceholders, findPlaceholders } from '../../templates/site/legal-placeholders.ts';
import { renderMarkdown } from '../../cli/render/markdown/render-markdown.ts';
import { siteSchema } from '../../templates/site/schemas/site-config.ts';
import { parsePage } from '../helpers/html.ts';
import { loadSiteModel } from '../helpers/site-model.ts';

const { raw, model } = await loadSiteModel();
const site = model.data.site;
type Site = typeof site;
const withContact = (contact: Site['contact'], siteUrl = site.siteUrl): Site => ({ ...site, siteUrl, contact });

/** A hostile but valid postal address: one line with every character HTML cares about. */
const trickyAddress = `1 <b>Bold</b> St & "Quoted" 'Lane', <script>alert(1)</script>`;

async function renderLegal(slug: 'terms' | 'privacy'): Promise<string> {
  const file = raw.collections.legal!.find((page) => page.frontMatter.slug === slug)!;
  return (await renderMarkdown(file.body, file.bodyLine)).html;
}

test('the legal pages print the site URL and contact email as links, and the postal address as escaped text', async () => {
  const configured = withContact({ email: 'hello@checkpointqa.com', postalAddress: trickyAddress });
  assert.ok(siteSchema.shape.contact.safeParse(configured.contact).success, 'the address is valid config');
  for (const slug of ['terms', 'privacy'] as const) {
    const html = fillConfigPlaceholders(await renderLegal(slug), configured);
    assert.doesNotMatch(html, /\{\{|\[(website URL|email address|postal address)/, `${slug} keeps no placeholder`);
    assert.doesNotMatch(html, /<script>|<b>/, `${slug} adds no markup from the address`);
    const page = parsePage(html);
    const mail = page.all((e) => e.name === 'a' && (e.attribs.href ?? '').startsWith('mailto:'));
    assert.deepEqual(
      mail.map((a) => [a.attribs.href, page.text(a)]),
      [['mailto:hello@checkpointqa.com', 'hello@checkpointqa.com']],
    );
    const byMail = page.all((e) => e.name === 'li' && page.text(e).startsWith('By mail:'));
    assert.deepEqual(
      byMail.map((li) => page.text(li)),
      [`By mail: Checkpoint QA, ${trickyAddress}`],
      'the address reads as written',
    );
    assert.equal(page.all((e) => e.name === 'mark').length, 0);
  }
  const terms = parsePage(fillConfigPlaceholders(await renderLegal('terms'), configured));
  const website = terms.all((e) => e.name === 'a' && e.attribs.href === 'https://www.checkpointqa.com/');
  assert.equal(website.length, 3, 'the intro, the definition and the contact list');
  assert.ok(website.every((a) => terms.text(a) === 'https://www.checkpointqa.com'));
});

test('an unset value takes its line with it: no placeholder, no link to nowhere, the rest of the page intact', async () => {
  for (const slug of ['terms', 'privacy'] as const) {
    const page = parsePage(fillConfigPlaceholders(await renderLegal(slug), withContact({})));
    assert.equal(page.all((e) => e.name === 'mark').length, 0, `${slug}: nothing marked`);
    assert.doesNotMatch(
      page
        .all(() => true)
        .map((e) => page.text(e))
        .join(' '),
      /\{\{|\[(website URL|email address|postal address)|By mail:|By email:/,
      `${slug}: no placeholder and no empty contact line`,
    );
    assert.equal(
      page.all((e) => e.name === 'a' && (e.attribs.href ?? '').startsWith('mailto:')).length,
      0,
      'no link to nowhere',
    );
    assert.ok(page.all((e) => e.name === 'li').length > 5, `${slug}: the other list items stay`);
  }
  const withAddressOnly = parsePage(
    fillConfigPlaceholders(await renderLegal('terms'), withContact({ postalAddress: '1 Main St, Detroit, MI' })),
  );
  assert.deepEqual(
    withAddressOnly
      .all((e) => e.name === 'li' && withAddressOnly.text(e).startsWith('By mail:'))
      .map((li) => withAddressOnly.text(li)),
    ['By mail: Checkpoint QA, 1 Main St, Detroit, MI'],
  );
  const plainHttp = parsePage(
    fillConfigPlaceholders(await renderLegal('terms'), withContact({}, 'http://staging.checkpointqa.com')),
  );
  assert.match(
    plainHttp
      .all((e) => e.name === 'p')
      .map((e) => plainHttp.text(e))
      .join(' '),
    /our website at http:\/\/staging\.checkpointqa\.com and/,
    'a plain-http origin reads as text',
  );
  assert.equal(
    plainHttp.all((e) => e.name === 'a' && (e.attribs.href ?? '').startsWith('http://')).length,
    0,
    'and is not linked',
  );
});

test('a placeholder without a value drops its paragraph, or its list item, and only that', () => {
  const html =
    '<p>Intro.</p>\n<ul>\n<li>By mail: {{contact.postalAddress}}</li>\n<li>Other</li>\n</ul>\n<p>Write to <strong>{{contact.email}}</strong> today.</p><p>End.</p>';
  assert.equal(
    fillConfigPlaceholders(html, withContact({})),
    '<p>Intro.</p>\n<ul>\n\n<li>Other</li>\n</ul>\n<p>End.</p>',
  );
});

test('only text is filled: attributes, code and pre keep the braces, and unknown names stay as written', () => {
  const html =
    '<p title="{{contact.email}}">Write to {{ contact.email }} or {{contact.fax}}.</p><p><code>{{siteUrl}}</code></p><pre><code>{{siteUrl}}</code></pre><p>At &amp; {{siteUrl}}</p>';
  assert.equal(
    fillConfigPlaceholders(html, withContact({ email: 'hello@checkpointqa.com' })),
    '<p title="{{contact.email}}">Write to <a href="mailto:hello@checkpointqa.com">hello@checkpointqa.com</a> or {{contact.fax}}.</p>' +
      '<p><code>{{siteUrl}}</code></p><pre><code>{{siteUrl}}</code></pre><p>At &amp; <a href="https://www.checkpointqa.com/">https://www.checkpointqa.com</a></p>',
  );
  assert.equal(fillConfigPlaceholders('<p>No braces</p>', site), '<p>No braces</p>');
});

test('finds each placeholder at its line and column in the file', () => {
  assert.deepEqual(findPlaceholders('Intro {{siteUrl}}.\n\n- **By mail:** {{ contact.postalAddress }}\n{{nope}}', 8), [
    { name: 'siteUrl', line: 8, column: 7 },
    { name: 'contact.postalAddress', line: 10, column: 16 },
    { name: 'nope', line: 11, column: 1 },
  ]);
});

test('the contact email must be an address and the postal address one line', () => {
  const contact = siteSchema.shape.contact;
  for (const email of ['hello@checkpointqa.com', 'first.last+leads@mail.example-co.io'])
    assert.ok(contact.safeParse({ email }).success, email);
  for (const email of [
    'hello',
    'hello@localhost',
    'a b@checkpointqa.com',
    '"x"@checkpointqa.com',
    'x@checkpointqa.com?subject=hi',
    '<x@checkpointqa.com>',
    '.x@checkpointqa.com',
    'x..y@checkpointqa.com',
    'x@-bad.com',
    'x%41@checkpointqa.com',
    '',
  ]) {
    const result = contact.safeParse({ email });
    assert.equal(result.success, false, email);
    assert.deepEqual(
      result.error!.issues.map((issue) => issue.path),
      [['email']],
    );
  }
  for (const postalAddress of ['', '  ', 'Line one\nLine two', 'x'.repeat(201), 'Evil \u202e street']) {
    assert.equal(contact.safeParse({ postalAddress }).success, false, JSON.stringify(postalAddress));
  }
  assert.equal(contact.safeParse({ phone: '555' }).success, false, 'unknown fields are refused');
  assert.deepEqual(
    siteSchema.parse({ ...JSON.parse(JSON.stringify(site)), contact: undefined }).contact,
    {},
    'contact may be left out',
  );
});
