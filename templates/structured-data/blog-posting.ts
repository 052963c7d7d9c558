import type { BlogPosting, WithContext } from 'schema-dts';
import type { Person, Post, SiteModel } from '../site/model.ts';
import { organizationReference, type SiteAddresses } from './organization.ts';

/**
 * A post for search results: headline, dates, its share picture, its author (the person, with
 * their page on the blog; the organisation when the post names no one) and the organisation as
 * publisher.
 */
export function blogPostingJsonLd(
  post: Post,
  site: SiteModel['data']['site'],
  page: { url: string; image?: string },
  addresses: SiteAddresses,
  author?: { person: Person; url: string },
): WithContext<BlogPosting> {
  const organization = organizationReference(site, addresses);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    '@id': `${page.url}#article`,
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date.toISOString().slice(0, 10),
    ...(page.image ? { image: [page.image] } : {}),
    url: page.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': page.url },
    author: author
      ? {
          '@type': 'Person',
          name: author.person.name,
          jobTitle: author.person.role,
          url: author.url,
          worksFor: organization,
        }
      : organization,
    publisher: organization,
    articleSection: post.category,
    keywords: post.tags.join(', '),
    inLanguage: site.locale,
  };
}
