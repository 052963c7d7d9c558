/**
 * A `mailto:` link with its subject prefilled. The address is checked by the site config schema
 * (letters, digits and `._+-` before the `@`, nothing a URL must encode); the subject is encoded
 * as a URI component, so spaces, `&`, `?`, `#` and any other character reach the mail program as written.
 */
export function mailtoHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
