import type { OriginIndex } from '../render/link-origins.ts';
import type { GuideTopic, SiteData } from '../site-model/schemas.ts';

// The validated site as templates and later steps see it; validate-content.ts builds it.

/** A blog post ready to render. */
export interface Post {
  file: string;
  slug: string;
  title: string;
  excerpt: string;
  date: Date;
  /** Display text such as 'Mar 15, 2024'. */
  dateText: string;
  readTime: string;
  image: string;
  imageAlt: string;
  /** The post's own share picture (`/images/…`, PNG or JPEG) in place of its generated card. */
  socialImage?: string;
  socialImageAlt?: string;
  category: string;
  tags: string[];
  draft: boolean;
  body: string;
  bodyLine: number;
}

/** A long-form guide article, `/guides/content/{topic}`. */
export interface GuideArticle {
  file: string;
  topic: GuideTopic;
  title: string;
  description: string;
  body: string;
  bodyLine: number;
}

/** A legal page such as `/terms`. */
export interface LegalPage {
  file: string;
  slug: 'terms' | 'privacy';
  title: string;
  description: string;
  lastUpdated: string;
  body: string;
  bodyLine: number;
}

/** The validated site: every dataset typed, posts filtered and sorted newest first. */
export interface SiteModel {
  contentRoot: string;
  data: SiteData;
  posts: Post[];
  guides: GuideArticle[];
  legal: LegalPage[];
  toolkit: { readme: string; rules: string };
  origins: OriginIndex;
}
