import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { parseRedirectsFile } from '../../cli/static-host/redirect-rules.ts';
import { RedirectTable } from '../../cli/static-host/redirect-table.ts';

test('parses Netlify _redirects lines with their positions', () => {
  const rules = parseRedirectsFile(
    '# moved pages\n/contact  /getting-started#contact-form  301\n\n/old /new 302!\n/store id=:id /blog/:id 301\n',
  );
  assert.deepEqual(
    rules.map((r) => [r.from, r.to, r.status, r.force, r.declared.line, r.declared.column]),
    [
      ['/contact', '/getting-started#contact-form', 301, false, 2, 11],
      ['/old', '/new', 302, true, 4, 6],
    ],
  );
});

test('leaves out rules that cannot vouch for a link: 404s and conditional rules', () => {
  assert.deepEqual(parseRedirectsFile('/* /404.html 404\n/fr/* /fr/index.html 302 Language=fr\n/a /b'), [
    {
      from: '/a',
      to: '/b',
      status: 301,
      force: false,
      declared: { file: '_redirects', line: 3, column: 4, attribute: '_redirects' },
    },
  ]);
});

test('matches with or without a trailing slash, and fills splats and placeholders', () => {
  const table = new RedirectTable();
  for (const rule of parseRedirectsFile(
    '/contact /getting-started 301\n/news/* /blog/:splat 301\n/team/:name /humans/#:name 301',
  ))
    table.add(rule);
  assert.equal(table.match('/contact/')?.to, '/getting-started');
  assert.equal(table.match('/news/2024/launch')?.to, '/blog/2024/launch');
  assert.equal(table.match('/team/ada')?.to, '/humans/#ada');
  assert.equal(table.match('/elsewhere'), undefined);
});

test('merges a manifest redirect into the _redirects rule for the same path, keeping its origin', () => {
  const table = new RedirectTable();
  const [rule] = parseRedirectsFile('/contact /getting-started 301');
  table.add(rule);
  const origin = { kind: 'data' as const, file: 'content/data/redirects.json', field: '[1].to' };
  table.add({
    from: '/contact',
    to: '/getting-started',
    status: 301,
    force: false,
    declared: { file: '.sitegen-manifest.json', line: 1, column: 1, attribute: 'redirect', origin },
  });
  assert.equal(table.rules().length, 1);
  assert.deepEqual(table.match('/contact')?.rule.declared.origin, origin);
  assert.equal(table.match('/contact')?.rule.declared.file, '_redirects');
});

test('matches a %-encoded rule against the decoded path a request names', () => {
  const table = new RedirectTable();
  for (const rule of parseRedirectsFile(
    "/caf%C3%A9 /new/ 301!\n/notes/a%3Ab%2A /b/ 301!\n/2019/c'est%20la%20vie.html /c/ 301!\n",
  ))
    table.add(rule);
  assert.equal(table.match('/café/')?.to, '/new/');
  assert.equal(table.match('/notes/a:b*')?.to, '/b/');
  assert.equal(table.match("/2019/c'est la vie.html")?.to, '/c/');
  assert.equal(table.match('/notes/x'), undefined, 'an encoded ":" and "*" are no placeholder or splat');
});

test('takes the first matching pattern rule in file order, whichever segments it is indexed under', () => {
  const table = new RedirectTable();
  const rules = [
    '/:lang/docs/:page /first/:lang/:page 301',
    '/en/docs/:page /second/:page 301',
    '/en/* /third/:splat 301',
    '/fr/:section/intro /fourth/:section 301',
    '/fr/:other/intro /same-shape-later 301',
    '/* /everything 301',
  ];
  for (const rule of parseRedirectsFile(rules.join('\n'))) table.add(rule);
  assert.equal(
    table.match('/en/docs/setup')?.to,
    '/first/en/setup',
    'a placeholder rule written first wins over a literal one',
  );
  assert.equal(
    table.match('/en/guide/intro/')?.to,
    '/third/guide/intro/',
    'a splat written first wins over a longer rule',
  );
  assert.equal(table.match('/fr/guide/intro')?.to, '/fourth/guide', 'of two rules of one shape, the first');
  assert.equal(table.match('/fr/guide/outro')?.to, '/everything');
  assert.equal(table.match('/en')?.to, '/everything', 'a splat needs the slash after its prefix');
  assert.equal(table.match('/en/')?.to, '/third/');
  assert.equal(table.match('/de/docs/')?.to, '/everything', 'a placeholder takes a non-empty segment');
});

/** The first rule, in file order, whose `from` matches `path` as the host reads it: each rule tried in turn, the way the index must agree with. */
function firstMatchInOrder(rules: { from: string; to: string }[], path: string): string | undefined {
  for (const rule of rules) {
    const segments = rule.from.split('/');
    const splat = segments.at(-1) === '*';
    const body = (splat ? segments.slice(0, -1) : segments)
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment))
      .join('/');
    if (new RegExp(`^${body}${splat ? '/.*' : '/?'}$`).test(path)) return rule.to;
  }
  return undefined;
}

test('the memoized walk finds the rule a scan of every rule in order finds, for any rules and paths', () => {
  const segment = fc.constantFrom('a', 'b', ':p', ':q');
  // Pattern rules only: a literal rule is one lookup of the path, trailing slashes aside.
  const from = fc
    .tuple(fc.array(segment, { minLength: 1, maxLength: 5 }), fc.boolean())
    .map(([parts, splat]) => `/${parts.join('/')}${splat ? '/*' : ''}`)
    .filter((from) => /[:*]/.test(from));
  const path = fc
    .tuple(fc.array(fc.constantFrom('a', 'b', 'c', ''), { minLength: 1, maxLength: 6 }), fc.boolean())
    .map(([parts, slash]) => `/${parts.join('/')}${slash ? '/' : ''}`);
  fc.assert(
    fc.property(
      fc.array(from, { minLength: 1, maxLength: 40 }),
      fc.array(path, { minLength: 1, maxLength: 30 }),
      (froms, paths) => {
        const rules = froms.map((from, i) => ({ from, to: `/to-${i}` }));
        const table = new RedirectTable();
        for (const rule of parseRedirectsFile(rules.map((rule) => `${rule.from} ${rule.to} 301`).join('\n')))
          table.add(rule);
        for (const path of paths) assert.equal(table.match(path)?.rule.to, firstMatchInOrder(rules, path), path);
      },
    ),
    { numRuns: 300 },
  );
});
