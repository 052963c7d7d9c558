// The fields of each lead form (SPEC sections 3 and 5), as one schema that the forms check before
// sending and the lead endpoint (server/leads/) checks on arrival: what one accepts, the other
// does. zod's small build, so the forms' islands stay light.
import * as z from 'zod/mini';

/** Longest value of a one-line field, and of the consultation's message, in characters. */
export const fieldLimits = { line: 200, email: 254, message: 5000 } as const;

/** The primary interests the consultation form offers (SPEC section 5). */
export const consultationInterests = ['Embedded Automation QA', 'Embedded Manual QA', 'Unsure / Other'] as const;

const required = (max: number) => z.string().check(z.trim(), z.minLength(1, 'required'), z.maxLength(max, 'too-long'));
const optional = (max: number) => z._default(z.string().check(z.trim(), z.maxLength(max, 'too-long')), '');
const email = z
  .string()
  .check(z.trim(), z.minLength(1, 'required'), z.maxLength(fieldLimits.email, 'too-long'), z.email('email'));

/**
 * Whether `value` is a path of the site itself (`/blog/`), never an address on another host
 * (`//evil.example`, `/\\evil.example`, which browsers read as one): the newsletter's `page`
 * is where a visitor without JavaScript is sent back to.
 */
export function isSitePath(value: string): boolean {
  // No control character either: a NUL cannot stand in the Location header it is sent back in.
  return /^\/(?![/\\])[^\s\\\u0000-\u001f\u007f]*$/.test(value);
}

/** Each lead form's fields, as the automation receives them (SPEC section 7). */
export const leadFormSchemas = {
  consultation: z.object({
    name: required(fieldLimits.line),
    email,
    company: optional(fieldLimits.line),
    message: required(fieldLimits.message),
    interest: z.enum(consultationInterests, 'choose'),
  }),
  guide: z.object({
    name: required(fieldLimits.line),
    email,
    company: optional(fieldLimits.line),
    guide_name: required(fieldLimits.line),
  }),
  // The POM form's organization is sent as company; its guide is always the POM Files.
  toolkit: z.object({
    name: required(fieldLimits.line),
    email,
    company: required(fieldLimits.line),
    guide_name: required(fieldLimits.line),
  }),
  // The footer's email field, as it posts without JavaScript to the site's endpoint: the body
  // the webhook gets from it with JavaScript, `page` the path the visitor was on.
  newsletter: z.object({
    email,
    source: z.enum(['newsletter'], 'choose'),
    page: z.string().check(z.maxLength(fieldLimits.line, 'too-long'), z.refine(isSitePath, 'choose')),
  }),
};

/** A lead form's name (the footer's newsletter field among them, for the endpoint). */
export type LeadFormName = keyof typeof leadFormSchemas;

/** Why a field was refused: the words are looked up in content/data/forms.json (`problems`). */
export type FieldProblem = 'required' | 'too-long' | 'email' | 'choose';

/** A form's fields checked: the values as sent on, or each field's first problem. */
export type FieldsCheck =
  { ok: true; fields: Record<string, string> } | { ok: false; problems: { field: string; problem: FieldProblem }[] };

/** Checks `values` against the fields of form `form`. */
export function checkLeadFields(form: LeadFormName, values: Record<string, unknown>): FieldsCheck {
  const result = z.safeParse(leadFormSchemas[form], values);
  if (result.success) return { ok: true, fields: result.data as Record<string, string> };
  const problems = new Map<string, FieldProblem>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    const problem: FieldProblem =
      issue.message === 'too-long' || issue.message === 'email' || issue.message === 'choose'
        ? issue.message
        : 'required';
    if (!problems.has(field)) problems.set(field, problem);
  }
  return { ok: false, problems: [...problems].map(([field, problem]) => ({ field, problem })) };
}

/** A submission id as the forms make one: 128 random bits as 32 hex digits (client/forms/lead-draft.ts). */
export const submissionIdPattern = /^[0-9a-f]{32}$/;
