// The blog's filters and the site search both keep their state in the address's query string.

/**
 * `current` (a query string) with each of `values` set, or removed when empty, and every other
 * parameter kept: `?…`, or '' when nothing is left.
 */
export function withParams(current: string, values: Record<string, string | null>): string {
  const params = new URLSearchParams(current);
  for (const [key, value] of Object.entries(values)) {
    if (value) params.set(key, value);
    else params.delete(key);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
