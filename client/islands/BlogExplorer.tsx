import { useEffect, useId, useRef, useState } from 'react';
import PostCard, { type PostCardLabels } from '../../templates/components/PostCard.tsx';
import {
  describeResults, distinctCategories, distinctTags, filterPosts, filtersFromSearch, hasFilters, noFilters, searchFromFilters,
  type BlogFilters, type PostSummary, type ResultText,
} from './blog-filter.ts';

export interface BlogLabels extends PostCardLabels {
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
  clearFilters: string;
  results: ResultText;
  filterPosts: string;
}

/**
 * How long typing must pause before the result count is announced, so a screen reader reads the
 * count once per search rather than once per keystroke. Choosing a tag or category is announced at once.
 */
const typingPauseMs = 600;

/**
 * The blog list: featured posts, a sidebar of search, categories and tags, and the grid of
 * matching posts. Server-rendered with every post listed, so it works without JavaScript.
 * While a filter is active the featured block gives way, so the matching posts and their count
 * stand right beside (or, on narrow screens, right below) the filters.
 */
export default function BlogExplorer({ posts, labels }: { posts: PostSummary[]; labels: BlogLabels }) {
  const [filters, setFilters] = useState<BlogFilters>(noFilters);
  const [ready, setReady] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const announceDelay = useRef(0);
  const wasFiltered = useRef(false);
  const focusAfterClear = useRef(false);
  const featuredRef = useRef<HTMLElement>(null);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
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
    // The filters from the address are on screen: the list the page hid until now may show.
    if (ready) document.documentElement.classList.remove('blog-pending');
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    const search = searchFromFilters(window.location.search, filters);
    if (search !== window.location.search) window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [filters, ready]);

  const filtered = hasFilters(filters);
  const matching = filterPosts(posts, filters);
  const summary = describeResults(matching.length, filters, labels.results);

  useEffect(() => {
    if (!ready) return;
    // Unfiltered on arrival: nothing to announce. Back to unfiltered later: say so.
    if (filtered) wasFiltered.current = true;
    else if (!wasFiltered.current) return;
    const timer = window.setTimeout(() => setAnnouncement(summary), announceDelay.current);
    return () => window.clearTimeout(timer);
  }, [summary, filtered, ready]);

  useEffect(() => {
    // The clear button has gone with the filtered view; focus moves to where the list now starts.
    if (!focusAfterClear.current || filtered) return;
    focusAfterClear.current = false;
    (featuredRef.current ?? resultsHeadingRef.current)?.focus();
  }, [filtered]);

  const update = (change: Partial<BlogFilters>, delay = 0) => {
    announceDelay.current = delay;
    setFilters((current) => ({ ...current, ...change }));
  };
  const clearAll = () => {
    focusAfterClear.current = true;
    update(noFilters);
  };
  const [large, ...small] = posts.slice(0, 3);

  return (
    <div className="blog-layout" data-filtered={filtered ? '' : undefined}>
      <aside className="blog-sidebar" aria-label={labels.filterPosts}>
        <div className="sidebar-block" role="search">
          <label htmlFor={searchId} className="sidebar-heading">{labels.searchLabel}</label>
          <div className="search-field">
            <input id={searchId} type="search" value={filters.query} placeholder={labels.searchPlaceholder} onChange={(event) => update({ query: event.target.value }, typingPauseMs)} />
            {filters.query !== '' ? (
              <button type="button" className="search-clear" aria-label={labels.clearLabel} onClick={() => update({ query: '' })}>×</button>
            ) : null}
          </div>
        </div>
        <FilterList heading={labels.categoriesHeading} allLabel={labels.allCategories} values={distinctCategories(posts)} selected={filters.category} onSelect={(category) => update({ category })} />
        <FilterList heading={labels.tagsHeading} allLabel={labels.allTags} values={distinctTags(posts)} selected={filters.tag} onSelect={(tag) => update({ tag })} />
      </aside>
      <div className="blog-main">
        {large && !filtered ? (
          <section className="featured" aria-labelledby="featured-heading" ref={featuredRef} tabIndex={-1}>
            <h2 id="featured-heading" className="visually-hidden">{labels.featuredHeading}</h2>
            <div className="featured-grid">
              <PostCard post={large} labels={labels} variant="large" />
              {small.map((post) => <PostCard key={post.slug} post={post} labels={labels} variant="small" />)}
            </div>
          </section>
        ) : null}
        <section className="blog-results" aria-labelledby="all-posts-heading">
          <div className="results-header">
            <h2 id="all-posts-heading" ref={resultsHeadingRef} tabIndex={-1}>{labels.allPostsHeading}</h2>
            {filtered && matching.length > 0 ? (
              <>
                {/* Shown at once for sighted visitors; assistive technology hears the same words from the status below, after typing pauses. */}
                <p className="results-summary" aria-hidden="true">{summary}</p>
                <button type="button" className="button button-secondary results-clear" data-keep-clear="" onClick={clearAll}>{labels.clearFilters}</button>
              </>
            ) : null}
          </div>
          <p className="visually-hidden" role="status">{announcement}</p>
          {matching.length === 0 ? (
            <div className="empty-state">
              <p>{labels.empty}</p>
              <button type="button" className="button button-primary" data-keep-clear="" onClick={clearAll}>{labels.clearFilters}</button>
            </div>
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
