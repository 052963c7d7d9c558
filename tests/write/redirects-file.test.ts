import assert from 'node:assert/strict';
import { test } from 'node:test';
import { renderRedirectsFile } from '../../cli/write/redirects-file.ts';

test('writes one "from to 301" line per redirect, in order, ending with a newline', () => {
  const text = renderRedirectsFile([
    { from: '/services/dev-shops', to: '/services/devshops', file: 'services/dev-shops/index.html' },
    { from: '/contact', to: '/getting-started#contact-form', file: 'contact/index.html' },
  ]);
  assert.equal(text, '/services/dev-shops /services/devshops 301\n/contact /getting-started#contact-form 301\n');
});

test('each line splits into exactly three fields with a permanent status', () => {
  const text = renderRedirectsFile([{ from: '/a', to: 'https://other.example/b?x=1', file: 'a/index.html' }]);
  const rules = text.split('\n').filter((line) => line !== '').map((line) => line.split(/\s+/));
  assert.deepEqual(rules, [['/a', 'https://other.example/b?x=1', '301']]);
});

test('holds no rule when there are no redirects', () => {
  assert.deepEqual(renderRedirectsFile([]).split('\n').filter((line) => line.trim() !== ''), []);
});
