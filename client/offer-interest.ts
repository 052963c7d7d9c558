// Which interest a consultation form starts with when the visitor came from a button that offers
// something (`/getting-started#startup-blueprint`): the offer's interest from
// content/data/getting-started.json, when it is one the form offers.

/** The interest the address's hash names through `interests` (offer id → interest), or null. */
export function interestFromHash(
  hash: string,
  interests: Readonly<Record<string, string>>,
  options: readonly string[],
): string | null {
  const offer = decodeURIComponent(hash.replace(/^#/, ''));
  const interest = Object.hasOwn(interests, offer) ? interests[offer]! : null;
  return interest !== null && options.includes(interest) ? interest : null;
}
