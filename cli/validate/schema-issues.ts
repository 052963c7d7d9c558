import type { z } from 'zod';
import { closestId } from '../shared/suggest.ts';
import { SiteError } from '../errors.ts';
import { formatFieldPath, type FieldPath } from '../shared/locate-field.ts';

/** Where a field is in its file: a line, and a column where the format has one. */
type Position = { line?: number; column?: number };

/**
 * The located errors of one schema problem: `field: expected X, got Y` for a value, and for keys
 * the schema does not know one error per key, at its own place, naming the closest field the
 * schema has. With `extraKey` (front matter), the hint names the mapping where fields the site
 * does not read are kept.
 */
export function issueErrors(
  issue: z.core.$ZodIssue,
  schema: z.ZodType,
  file: string,
  locate: (field: FieldPath) => Position,
  options: { extraKey?: string } = {},
): SiteError[] {
  if (issue.code !== 'unrecognized_keys') return [issueToError(issue, file, locate(issue.path as FieldPath))];
  const parent = issue.path as FieldPath;
  const known = objectKeysAt(schema, parent);
  return issue.keys.map((key) => {
    const field = [...parent, key];
    const suggestion = closestId(
      key,
      known.filter((name) => !issue.keys.includes(name)),
    );
    return new SiteError({
      code: 'content.unknown-field',
      message: `${unknownField(field)}${suggestion ? `: did you mean \`${formatFieldPath([...parent, suggestion])}\`?` : ''}`,
      hint: options.extraKey
        ? `Correct its name, or keep a field the site does not read (another generator's, say) under \`${options.extraKey}:\`, indented below it: the build keeps it there and never reads it.`
        : 'Correct its name, or remove it.',
      file,
      ...locate(field),
    });
  });
}

/**
 * Turns one schema problem into a located error: `field: expected X, got Y`, or for keys the schema
 * does not know, the first of them.
 */
export function issueToError(issue: z.core.$ZodIssue, file: string, position: Position): SiteError {
  if (issue.code === 'unrecognized_keys') {
    const [first = '', ...others] = issue.keys;
    const more = others.length > 0 ? ` (and ${others.map((key) => `\`${key}\``).join(', ')})` : '';
    return new SiteError({
      code: 'content.unknown-field',
      message: `${unknownField([...(issue.path as FieldPath), first])}${more}`,
      file,
      ...position,
    });
  }
  const field = formatFieldPath(issue.path as FieldPath);
  return new SiteError({
    code: 'content.invalid-field',
    message: field ? `${field}: ${describeIssue(issue)}` : describeIssue(issue),
    file,
    ...position,
  });
}

const unknownField = (field: FieldPath) => `unknown field \`${formatFieldPath(field)}\``;

/**
 * The keys of the object schema at `path` inside `schema` (through optional, default, nullable,
 * piped and lazy wrappers, arrays and records), or none when there is no object there.
 */
function objectKeysAt(schema: z.ZodType, path: FieldPath): string[] {
  let current: z.core.$ZodType | undefined = unwrap(schema);
  for (const segment of path) {
    const def = current?._zod.def;
    if (def?.type === 'object') current = (def as z.core.$ZodObjectDef).shape[String(segment)];
    else if (def?.type === 'array') current = (def as z.core.$ZodArrayDef).element;
    else if (def?.type === 'record') current = (def as z.core.$ZodRecordDef).valueType;
    else return [];
    current = unwrap(current);
  }
  const def = current?._zod.def;
  return def?.type === 'object' ? Object.keys((def as z.core.$ZodObjectDef).shape) : [];
}

/** A schema without the wrappers that do not change what keys an object takes. */
function unwrap(schema: z.core.$ZodType | undefined): z.core.$ZodType | undefined {
  let current = schema;
  // A schema nests wrappers only as deep as its source wrote them; the bound keeps a cycle of lazies from looping.
  for (let depth = 0; current && depth < 32; depth++) {
    const def = current._zod.def as z.core.$ZodTypeDef & {
      innerType?: z.core.$ZodType;
      in?: z.core.$ZodType;
      getter?: () => z.core.$ZodType;
    };
    if (def.type === 'pipe') current = def.in;
    else if (def.type === 'lazy') current = def.getter!();
    else if (def.innerType) current = def.innerType;
    else return current;
  }
  return current;
}

/** Rewrites zod's wording as "expected X, got Y" with the offending value. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const expected = issue.message.replace(/^Invalid input: /, '').replace(/, received \w+$/, '');
  if (issue.input === undefined) return issue.code === 'invalid_type' ? `${expected}, but it is missing` : expected;
  const got = showValue(issue.input);
  return `${expected}, got ${got.length > 60 ? `${got.slice(0, 57)}...` : got}`;
}

/**
 * The offending value as JSON, with the characters JSON leaves raw but a terminal or a CI log
 * would act on (C1 controls, bidirectional overrides, line separators) written as \u escapes.
 */
function showValue(value: unknown): string {
  return (JSON.stringify(value) ?? String(value)).replace(
    /[\u007f-\u009f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
