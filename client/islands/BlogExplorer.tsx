import { useEffect, useId, useState } from 'react';
import Picture from '../../templates/components/Picture.tsx';
import {
  distinctCategories, distinctTags, filterPosts, filtersFromSearch, noFilters, searchFromFilters,
  type BlogFilters, type PostSummary,
} from './blog-filter.ts';

export interface BlogLabels {
  featuredHeading: string;
  allPostsHeading: string;
  searchLabel: string;
  searchPlaceholder: string;
  clearLabel: string;
  categoriesHeading: string;
  allCategories: string;
  tagsHeading: string;
  allTags: string;
  empty: string;
  readMore: string;
  filterPosts: string;
  tags: string;
}

/** How many tags a small featured card shows before an ellipsis. */
const smallCardTagLimit = 3;

/**
 * The blog list: featured posts, a sidebar of search, categories and tags, and the grid of
 * matching posts. Server-rendered with every post listed, so it works without JavaScript.
 */
export default function BlogExplorer({ posts, labels }: { posts: PostSummary[]; labels: BlogLabels }) {
  const [filters, setFilters] = useState<BlogFilters>(noFilters);
  const [ready, setReady] = useState(false);
  const searchId = useId();

  useEffect(() => {
    // The address is read after hydration so the server HTML (all posts) matches the first render.
    setFilters(filtersFromSearch(window.location.search));
    setReady(true);
    const onPopState = () => setFilters(filtersFromSearch(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const search = searchFromFilters(window.location.search, filters);
    if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [filters, ready]);

  const update = (change: Partial<BlogFilters>) => setFilters((current) => ({ ...current, ...change }));
  const matching = filterPosts(posts, filters);
  const [large, ...small] = posts.slice(0, 3);

  return (
    <div className="blog-layout">
      <aside className="blog-sidebar" aria-label={labels.filterPosts}>
        <div className="sidebar-block" role="search">
          <label htmlFor={searchId} className="sidebar-heading">{labels.searchLabel}</label>
          <div className="search-field">
            <input id={searchId} type="search" value={filters.query} placeholder={labels.searchPlaceholder} onChange={(event) => update({ query: event.target.value })} />
            {filters.query !== '' ? (
              <button type="button" className="search-clear" aria-label={labels.clearLabel} onClick={() => update({ query: '' })}>×</button>
            ) : null}
          </div>
        </div>
        <FilterList heading={labels.categoriesHeading} allLabel={labels.allCategories} values={distinctCategories(posts)} selected={filters.category} onSelect={(category) => update({ category })} />
        <FilterList heading={labels.tagsHeading} allLabel={labels.allTags} values={distinctTags(posts)} selected={filters.tag} onSelect={(tag) => update({ tag })} />
      </aside>
      <div className="blog-main">
        {large ? (
          <section className="featured" aria-labelledby="featured-heading">
            <h2 id="featured-heading" className="visually-hidden">{labels.featuredHeading}</h2>
            <div className="featured-grid">
              <PostCard post={large} labels={labels} variant="large" />
              {small.map((post) => <PostCard key={post.slug} post={post} labels={labels} variant="small" />)}
            </div>
          </section>
        ) : null}
        <section aria-labelledby="all-posts-heading">
          <h2 id="all-posts-heading">{labels.allPostsHeading}</h2>
          <p className="visually-hidden" aria-live="polite">{ready ? `${matching.length} posts` : ''}</p>
          {matching.length === 0 ? (
            <p className="empty-state">{labels.empty}</p>
          ) : (
            <ul className="post-grid">
              {matching.map((post) => <li key={post.slug}><PostCard post={post} labels={labels} variant="grid" /></li>)}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function FilterList({ heading, allLabel, values, selected, onSelect }: { heading: string; allLabel: string; values: string[]; selected: string | null; onSelect: (value: string | null) => void }) {
  return (
    <nav className="sidebar-block" aria-label={heading}>
      <h2 className="sidebar-heading">{heading}</h2>
      <ul className="filter-list">
        <li><button type="button" aria-pressed={selected === null} onClick={() => onSelect(null)}>{allLabel}</button></li>
        {values.map((value) => (
          <li key={value}><button type="button" aria-pressed={selected === value} onClick={() => onSelect(value)}>{value}</button></li>
        ))}
      </ul>
    </nav>
  );
}

function PostCard({ post, labels, variant }: { post: PostSummary; labels: BlogLabels; variant: 'large' | 'small' | 'grid' }) {
  const tags = variant === 'small' ? post.tags.slice(0, smallCardTagLimit) : post.tags;
  return (
    <article className={`post-card post-card-${variant}`}>
      <Picture image={post.image} loading={variant === 'grid' ? 'lazy' : 'eager'} />
      <div className="post-card-body">
        <p className="post-meta"><span>{post.dateText}</span><span aria-hidden="true"> · </span><span>{post.readTime}</span></p>
        <h3 className="post-card-title"><a href={post.href}>{post.title}</a></h3>
        {variant === 'small' ? null : <p className="post-excerpt">{post.excerpt}</p>}
        <ul className="tag-list" aria-label={labels.tags}>
          {tags.map((tag) => <li key={tag} className="tag">{tag}</li>)}
          {variant === 'small' && post.tags.length > smallCardTagLimit ? <li className="tag tag-more" aria-hidden="true">…</li> : null}
        </ul>
        <a className="read-more" href={post.href} aria-label={`${labels.readMore}: ${post.title}`}>{labels.readMore}</a>
      </div>
    </article>
  );
}
