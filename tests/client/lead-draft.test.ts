import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  draftKey,
  fingerprintOf,
  maxDraftChars,
  maxValueChars,
  newSubmissionId,
  parseDraft,
  prepareAttempt,
  serializeDraft,
} from '../../client/forms/lead-draft.ts';

const fields = ['name', 'email', 'message'];
const id = 'a'.repeat(32);

test('a draft key names the form and the page, the same with or without the trailing slash', () => {
  assert.equal(draftKey('guide', '/guides/playwright/'), draftKey('guide', '/guides/playwright'));
  assert.notEqual(draftKey('guide', '/guides/playwright/'), draftKey('guide', '/guides/test-data/'));
  assert.notEqual(draftKey('guide', '/x/'), draftKey('toolkit', '/x/'));
  assert.equal(draftKey('consultation', '/'), 'sitegen:lead-draft:consultation:/');
});

test('a stored draft reads back with its values and attempt', () => {
  const draft = { values: { name: 'Ada', email: 'ada@example.com' }, attempt: { id, fingerprint: '0badf00d' } };
  assert.deepEqual(parseDraft(serializeDraft(draft), fields), draft);
});

test('anything unreadable reads as an empty draft', () => {
  for (const raw of [
    null,
    undefined,
    '',
    'not json',
    '{',
    '42',
    '"text"',
    'null',
    '[]',
    '[{"values":{}}]',
    '{"values":[]}',
    '{"values":"name"}',
  ]) {
    assert.deepEqual(parseDraft(raw, fields), { values: {} }, String(raw));
  }
});

test("only string values of the form's own fields are kept", () => {
  const raw = JSON.stringify({
    values: { name: 42, email: 'ada@example.com', message: { text: 'x' }, recaptchaToken: 'tok', other: 'x' },
  });
  assert.deepEqual(parseDraft(raw, fields), { values: { email: 'ada@example.com' } });
  // Inherited properties are not values.
  assert.deepEqual(parseDraft('{"values":{}}', ['constructor', 'toString']), { values: {} });
  assert.deepEqual(parseDraft('{"values":{"__proto__":{"name":"x"}}}', fields), { values: {} });
});

test('an attempt with a malformed id is dropped, the values kept', () => {
  for (const attempt of [
    { id: '<script>', fingerprint: 'x' },
    { id, fingerprint: 7 },
    { id: id.toUpperCase(), fingerprint: 'x' },
    'nope',
    null,
  ]) {
    assert.deepEqual(parseDraft(JSON.stringify({ values: { name: 'Ada' }, attempt }), fields), {
      values: { name: 'Ada' },
    });
  }
});

test('oversized drafts are neither read nor written, and long values are cut', () => {
  assert.deepEqual(parseDraft(JSON.stringify({ values: { name: 'x'.repeat(maxDraftChars) } }), fields), { values: {} });
  const long = serializeDraft({ values: { message: 'y'.repeat(maxValueChars + 100) } })!;
  assert.equal(parseDraft(long, fields).values.message!.length, maxValueChars);
  const many = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`field${i}`, 'z'.repeat(maxValueChars)]));
  assert.equal(serializeDraft({ values: many }), undefined);
});

test('a submission id is 32 lowercase hex digits from 16 random bytes', () => {
  assert.match(newSubmissionId(), /^[0-9a-f]{32}$/);
  assert.notEqual(newSubmissionId(), newSubmissionId());
  assert.equal(
    newSubmissionId(() => new Uint8Array(16).fill(0xab)),
    'ab'.repeat(16),
  );
});

test('a retry of the same lead keeps its submission id; a changed lead gets a new one', () => {
  let counter = 0;
  const nextId = () => String(++counter).padStart(32, '0');
  const values = { name: 'Ada', email: 'ada@example.com' };
  const body = { ...values, guide_name: 'Playwright' };
  const first = prepareAttempt({ values }, values, body, nextId);
  assert.equal(first.id, '1'.padStart(32, '0'));
  assert.deepEqual(first.draft, { values, attempt: { id: first.id, fingerprint: fingerprintOf(body) } });
  // Stored and read back, as after a failure and a reload.
  const stored = parseDraft(serializeDraft(first.draft), ['name', 'email']);
  assert.equal(prepareAttempt(stored, values, body, nextId).id, first.id);
  const changed = prepareAttempt(
    stored,
    { ...values, email: 'ada@example.org' },
    { ...body, email: 'ada@example.org' },
    nextId,
  );
  assert.notEqual(changed.id, first.id);
});

test('fingerprints tell bodies apart, field order included', () => {
  assert.equal(fingerprintOf({ a: '1' }), fingerprintOf({ a: '1' }));
  assert.notEqual(fingerprintOf({ a: '1' }), fingerprintOf({ a: '2' }));
  assert.notEqual(fingerprintOf({ a: '1', b: '2' }), fingerprintOf({ b: '2', a: '1' }));
  assert.match(fingerprintOf({}), /^[0-9a-f]{8}$/);
});
