import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mailtoHref } from '../../client/forms/mailto.ts';

test('a mailto link carries the subject encoded, so the mail program shows it as written', () => {
  assert.equal(
    mailtoHref('hello@checkpointqa.com', 'Consultation request'),
    'mailto:hello@checkpointqa.com?subject=Consultation%20request',
  );
  const subject = 'Free guide request: Q&A? #1 100% — café';
  const href = mailtoHref('hello@checkpointqa.com', subject);
  assert.doesNotMatch(
    href.slice(href.indexOf('?') + 1),
    /[\s&#?]|[^\x21-\x7e]/,
    'nothing in the subject can end it or start another field',
  );
  assert.equal(new URL(href).searchParams.get('subject'), subject);
  assert.equal(new URL(href).pathname, 'hello@checkpointqa.com');
});
