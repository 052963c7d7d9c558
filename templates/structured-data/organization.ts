import type { Organization, WithContext } from 'schema-dts';
import type { SiteModel } from '../site/model.ts';

// The organisation behind the site, as search engines read it: on the home page in full, and as
// the author and publisher of every post.

/** Absolute addresses every page's structured data can name: the home page and the square logo. */
export interface SiteAddresses {
  home: string;
  /** Absent when the build published no logo (a render without the share-card step). */
  logo?: string;
}

/** The organisation as a part of another item (a post's author and publisher). */
export function organizationReference(
  site: SiteModel['data']['site'],
  addresses: SiteAddresses,
): Exclude<Organization, string> {
  return {
    '@type': 'Organization',
    '@id': `${addresses.home}#organization`,
    name: site.brand,
    url: addresses.home,
    ...(addresses.logo ? { logo: { '@type': 'ImageObject', url: addresses.logo } } : {}),
  };
}

/** The home page's `Organization`: name, address, logo, description and its profiles elsewhere (the footer's). */
export function organizationJsonLd(
  site: SiteModel['data']['site'],
  addresses: SiteAddresses,
  profiles: readonly { href: string }[] = [],
): WithContext<Organization> {
  return {
    '@context': 'https://schema.org',
    ...organizationReference(site, addresses),
    description: site.description,
    ...(profiles.length > 0 ? { sameAs: profiles.map((profile) => profile.href) } : {}),
  };
}
