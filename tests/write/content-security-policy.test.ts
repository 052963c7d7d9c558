import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scriptHashSource } from '../../cli/render/inline-scripts.ts';
import { contentSecurityPolicy } from '../../cli/write/content-security-policy.ts';

const directives = (policy: string) => policy.split('; ').map((directive) => directive.split(' '));

test('a site that adds nothing gets its own files only, its inline scripts by hash, and no frames', () => {
  const scripts = ['b()', 'a()', 'b()'];
  assert.deepEqual(directives(contentSecurityPolicy({ additions: {}, inlineScripts: scripts })), [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...[scriptHashSource('a()'), scriptHashSource('b()')].sort()],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-src', "'none'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'self'"],
    ['object-src', "'none'"],
  ]);
});

test("a site's additions follow the engine's sources in their directives, in the order given", () => {
  const policy = new Map(
    directives(
      contentSecurityPolicy({
        additions: {
          'script-src': ['https://a.example/'],
          'img-src': ['https://img.example'],
          'frame-src': ['https://player.example', 'https://b.example'],
          'connect-src': ['https://api.example'],
          'form-action': ['https://forms.example'],
          'style-src': ['https://fonts.example'],
        },
        inlineScripts: [],
      }),
    ).map(([name, ...sources]) => [name!, sources]),
  );
  assert.deepEqual(policy.get('script-src'), ["'self'", 'https://a.example/']);
  assert.deepEqual(policy.get('img-src'), ["'self'", 'data:', 'https://img.example']);
  assert.deepEqual(
    policy.get('frame-src'),
    ['https://player.example', 'https://b.example'],
    "no 'none' beside what is framed",
  );
  assert.deepEqual(policy.get('connect-src'), ["'self'", 'https://api.example']);
  assert.deepEqual(policy.get('form-action'), ["'self'", 'https://forms.example']);
  assert.deepEqual(policy.get('style-src'), ["'self'", "'unsafe-inline'", 'https://fonts.example']);
  assert.deepEqual(policy.get('frame-ancestors'), ["'none'"]);
});
