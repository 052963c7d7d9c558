import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { formsSchema } from '../../templates/site/schemas/interface-text.ts';
import { projectRoot } from '../helpers/content.ts';

const forms = JSON.parse(readFileSync(path.join(projectRoot, 'content', 'data', 'forms.json'), 'utf8')) as Record<
  string,
  Record<string, unknown>
>;
const issuesOf = (data: unknown) => {
  const result = formsSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

test('each lead form has a legend and an email subject, and the captcha notice its four texts', () => {
  assert.deepEqual(issuesOf(forms), []);
  for (const form of ['consultation', 'guide', 'toolkit']) {
    for (const field of ['legend', 'mailSubject']) {
      const { [field]: _omitted, ...rest } = forms[form]!;
      assert.deepEqual(issuesOf({ ...forms, [form]: rest }), [`${form}.${field}`]);
    }
  }
  const captcha = forms.captcha as Record<string, unknown> & { unavailable: Record<string, string> };
  for (const field of ['text', 'emailLead', 'noEmail', 'retry']) {
    const { [field]: _omitted, ...rest } = captcha.unavailable;
    assert.deepEqual(issuesOf({ ...forms, captcha: { ...captcha, unavailable: rest } }), [
      `captcha.unavailable.${field}`,
    ]);
  }
});

test('a guide email subject may name the guide with {guide}, and nothing else in braces', () => {
  const withSubject = (mailSubject: string) => ({ ...forms, guide: { ...forms.guide, mailSubject } });
  assert.deepEqual(issuesOf(withSubject('Guide: {guide}')), []);
  assert.deepEqual(issuesOf(withSubject('Guide')), []);
  assert.deepEqual(issuesOf(withSubject('Guide: {name}')), ['guide.mailSubject']);
  assert.deepEqual(issuesOf(withSubject('Guide:\n{guide}')), ['guide.mailSubject'], 'one line');
});
