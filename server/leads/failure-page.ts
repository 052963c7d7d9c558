// The page a form sent without JavaScript gets back when the endpoint cannot take it: what to
// fix, or why it failed, and a link back to the form. Its words come from content/data/forms.json
// (`endpoint`, and the SPEC's failure message), handed over by the build.
import type { FieldProblem } from '../../client/forms/lead-schema.ts';
import type { FormPlace, LeadData } from './lead-data.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** What went wrong: fields to fix, too many posts, or any other failure. */
export type FailureKind = { fields: { field: string; problem: FieldProblem }[] } | { tooMany: true } | { other: true };

/** The page, as HTML with its own policy: it runs no script and loads nothing. */
export function failurePage(
  data: LeadData,
  place: FormPlace | undefined,
  kind: FailureKind,
  status: number,
  headers: Record<string, string> = {},
): Response {
  const { texts } = data;
  const lines =
    'fields' in kind
      ? kind.fields.map(({ field, problem }) =>
          texts.problems[problem].replaceAll('{field}', place?.labels[field] ?? field),
        )
      : [];
  const lead = 'fields' in kind ? texts.intro : 'tooMany' in kind ? texts.tooMany : texts.failure;
  const back = place?.page ?? '/';
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(texts.title)}</title>
<style>body{font:1.0625rem/1.6 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1.25rem;color:#111827}a{color:#1d4ed8}</style></head>
<body><main>
<h1>${escapeHtml(texts.title)}</h1>
<p role="alert">${escapeHtml(lead)}</p>
${lines.length > 0 ? `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` : ''}
<p><a href="${escapeHtml(back)}">${escapeHtml(texts.back)}</a></p>
</main></body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      ...headers,
    },
  });
}
