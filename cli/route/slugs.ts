// The two ways the site turns text into a URL piece. They differ on purpose: a post slug is
// typed by authors and shared, so accents fold to ASCII (`Café` → `cafe`) and `&` reads as a
// word (`R&D` → `r-and-d`); a section id only has to stay what it was, because `#fragments`
// already published point at it (`R&D` → `randd`).

/** A post's URL slug from its title: ASCII lowercase words joined by hyphens (`Café & Co` → `cafe-and-co`). */
export function postSlugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A section's element id from its heading, for sections that do not name their own (`R&D` → `randd`). */
export function sectionIdFromHeading(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
