import type { BlogPosting, WithContext } from 'schema-dts';
import type { Post, SiteModel } from '../site/model.ts';
import { organizationReference, type SiteAddresses } from './organization.ts';

/** A post for search results: headline, dates, its share picture, and the organisation as author and publisher. */
export function blogPostingJsonLd(post: Post, site: SiteModel['data']['site'], page: { url: string; image?: string }, addresses: SiteAddresses): WithContext<BlogPosting> {
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
    author: organization,
    publisher: organization,
    articleSection: post.category,
    keywords: post.tags.join(', '),
    inLanguage: site.locale,
  };
}
