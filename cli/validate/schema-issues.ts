import type { z } from 'zod';
import { SiteError } from '../errors.ts';
import { formatFieldPath, type FieldPath } from './locate-field.ts';

/** Turns one schema problem into a located error: `field: expected X, got Y`. */
export function issueToError(issue: z.core.$ZodIssue, file: string, position: { line?: number; column?: number }): SiteError {
  const field = formatFieldPath(issue.path as FieldPath) || '(file)';
  return new SiteError({
    code: issue.code === 'unrecognized_keys' ? 'content.unknown-field' : 'content.invalid-field',
    message: `${field}: ${describeIssue(issue)}`,
    file,
    ...position,
  });
}

/** Where to point the author: the field at fault, or for unknown fields the first unknown key. */
export function issueLocation(issue: z.core.$ZodIssue): FieldPath {
  const path = issue.path as FieldPath;
  return issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined ? [...path, issue.keys[0]] : path;
}

/** Rewrites zod's wording as "expected X, got Y" with the offending value. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const expected = issue.message.replace(/^Invalid input: /, '').replace(/, received \w+$/, '');
  if (issue.code === 'unrecognized_keys') return `${issue.message}; remove it or check its spelling`;
  if (issue.input === undefined) return issue.code === 'invalid_type' ? `${expected}, but it is missing` : expected;
  const got = showValue(issue.input);
  return `${expected}, got ${got.length > 60 ? `${got.slice(0, 57)}...` : got}`;
}

/**
 * The offending value as JSON, with the characters JSON leaves raw but a terminal or a CI log
 * would act on (C1 controls, bidirectional overrides, line separators) written as \u escapes.
 */
function showValue(value: unknown): string {
  return (JSON.stringify(value) ?? String(value)).replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
