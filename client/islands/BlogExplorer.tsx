import { useEffect, useId, useRef, useState } from 'react';
import Pager, { type PagerProps } from '../../templates/components/blog/Pager.tsx';
import TermLinks, { type TermLink } from '../../templates/components/blog/TermLinks.tsx';
import PostCard, { type PostCardLabels } from '../../templates/components/PostCard.tsx';
import {
  describeResults,
  filterPosts,
  filtersFromSearch,
  hasFilters,
  noFilters,
  searchFromFilters,
  type BlogFilters,
  type PostSummary,
  type ResultText,
} from './blog-filter.ts';
import { readPostsIndex } from './posts-index.ts';

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
  loading: string;
  loadFailed: string;
  retry: string;
  showMore: string;
}

export interface BlogExplorerProps {
  labels: BlogLabels;
  /** The posts of this page of the list, newest first. */
  posts: PostSummary[];
  /** The featured block's posts (the first page's first three); none on later pages. */
  featured: PostSummary[];
  /** This page's place among the list's pages; null when the list fits on one, and `posts` is then every post. */
  pager: PagerProps | null;
  /** The most used categories and tags (all of them on a blog with few), each with its page. */
  categories: TermLink[];
  tags: TermLink[];
  /** The pages listing every category and every tag, when the sidebar shows only the most used. */
  more: { categories?: TermLink; tags?: TermLink };
  /** The blog's list, where 'All Categories' and 'All Tags' lead. */
  allHref: string;
  /** Where the summaries of every post are published (fetched when the visitor first filters). */
  indexUrl: string;
  /** How many matching posts show at a time. */
  pageSize: number;
}

/**
 * How long typing must pause before the result count is announced, so a screen reader reads the
 * count once per search rather than once per keystroke. Choosing a tag or category is announced at once.
 */
const typingPauseMs = 600;

type AllPosts = { state: 'idle' | 'loading' | 'failed' } | { state: 'loaded'; posts: PostSummary[] };

/** Every post of the blog, from the index the build publishes; undefined when it cannot be had. */
async function fetchAllPosts(url: string): Promise<PostSummary[] | undefined> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    return response.ok ? readPostsIndex(await response.json()) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The blog's list: featured posts, a sidebar of search, categories and tags, the grid of this
 * page's posts and the pager. Server-rendered with this page's posts and links to every tag's
 * and category's page, so it works without JavaScript. Filters (SPEC: a search, a tag and a
 * category, combined) apply to every post of the blog: on a list of several pages the first filter
 * fetches their summaries.
 * While a filter is active the featured block and the pager give way, so the matching posts and
 * their count stand right beside (or, on narrow screens, right below) the filters; without one
 * the grid leaves out the featured posts shown above it.
 */
export default function BlogExplorer({
  labels,
  posts,
  featured,
  pager,
  categories,
  tags,
  more,
  allHref,
  indexUrl,
  pageSize,
}: BlogExplorerProps) {
  const [filters, setFilters] = useState<BlogFilters>(noFilters);
  const [ready, setReady] = useState(false);
  // A list that fits on one page holds every post already: filters apply to it where it stands, with nothing to fetch.
  const [all, setAll] = useState<AllPosts>(pager === null ? { state: 'loaded', posts } : { state: 'idle' });
  const [shown, setShown] = useState(pageSize);
  const [announcement, setAnnouncement] = useState('');
  const announceDelay = useRef(0);
  const wasFiltered = useRef(false);
  const focusAfterClear = useRef(false);
  const featuredRef = useRef<HTMLElement>(null);
  const resultsHeadingRef = useRef<HTMLHeadingElement>(null);
  const searchId = useId();

  useEffect(() => {
    // The address is read after hydration so the server HTML (this page's posts) matches the first render.
    setFilters(filtersFromSearch(window.location.search));
    setReady(true);
    const onPopState = () => setFilters(filtersFromSearch(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const filtered = hasFilters(filters);

  useEffect(() => {
    if (!filtered || all.state !== 'idle') return;
    setAll({ state: 'loading' });
    void fetchAllPosts(indexUrl).then((loaded) =>
      setAll(loaded ? { state: 'loaded', posts: loaded } : { state: 'failed' }),
    );
  }, [filtered, all.state, indexUrl]);

  useEffect(() => {
    // The filters from the address are on screen (or the posts are on their way): the list the page hid until now may show.
    if (ready) document.documentElement.classList.remove('blog-pending');
  }, [ready]);

  useEffect(() => {
    if (!ready) return;
    const search = searchFromFilters(window.location.search, filters);
    if (search !== window.location.search)
      window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [filters, ready]);

  const matching = !filtered ? posts : all.state === 'loaded' ? filterPosts(all.posts, filters) : undefined;
  const summary = matching ? describeResults(matching.length, filters, labels.results) : '';

  useEffect(() => {
    if (!ready || !matching) return;
    // Unfiltered on arrival: nothing to announce. Back to unfiltered later: say so.
    if (filtered) wasFiltered.current = true;
    else if (!wasFiltered.current) return;
    const timer = window.setTimeout(() => setAnnouncement(summary), announceDelay.current);
    return () => window.clearTimeout(timer);
  }, [summary, filtered, ready, matching]);

  useEffect(() => {
    // The clear button has gone with the filtered view; focus moves to where the list now starts.
    if (!focusAfterClear.current || filtered) return;
    focusAfterClear.current = false;
    (featuredRef.current ?? resultsHeadingRef.current)?.focus();
  }, [filtered]);

  const update = (change: Partial<BlogFilters>, delay = 0) => {
    announceDelay.current = delay;
    setShown(pageSize);
    setFilters((current) => ({ ...current, ...change }));
  };
  const clearAll = () => {
    focusAfterClear.current = true;
    update(noFilters);
  };
  const [large, ...small] = featured;
  // Unfiltered, the featured posts stand right above the grid: it lists the page's other posts,
  // so the page shows each post once. A filter hides the featured block, and every post matching
  // the filters is listed (SPEC: the 'All Posts' grid holds the posts the filters match).
  const listed =
    filtered && matching
      ? matching.slice(0, shown)
      : posts.filter((post) => !featured.some((shownAbove) => shownAbove.slug === post.slug));

  return (
    <div className="blog-layout" data-filtered={filtered ? '' : undefined}>
      <aside className="blog-sidebar" aria-label={labels.filterPosts}>
        <div className="sidebar-block sidebar-search" role="search">
          <label htmlFor={searchId} className="sidebar-heading">
            {labels.searchLabel}
          </label>
          <div className="search-field">
            <input
              id={searchId}
              type="search"
              value={filters.query}
              placeholder={labels.searchPlaceholder}
              onChange={(event) => update({ query: event.target.value }, typingPauseMs)}
            />
            {filters.query !== '' ? (
              <button
                type="button"
                className="search-clear"
                aria-label={labels.clearLabel}
                onClick={() => update({ query: '' })}
              >
                ×
              </button>
            ) : null}
          </div>
        </div>
        <TermLinks
          kind="categories"
          heading={labels.categoriesHeading}
          all={{ name: labels.allCategories, href: allHref }}
          terms={categories}
          more={more.categories}
          current={filters.category}
          onSelect={(category) => update({ category })}
        />
        <TermLinks
          kind="tags"
          heading={labels.tagsHeading}
          all={{ name: labels.allTags, href: allHref }}
          terms={tags}
          more={more.tags}
          current={filters.tag}
          onSelect={(tag) => update({ tag })}
        />
      </aside>
      <div className="blog-main">
        {large && !filtered ? (
          <section className="featured" aria-labelledby="featured-heading" ref={featuredRef} tabIndex={-1}>
            <h2 id="featured-heading" className="visually-hidden">
              {labels.featuredHeading}
            </h2>
            <div className="featured-grid">
              <PostCard post={large} labels={labels} variant="large" />
              {small.map((post) => (
                <PostCard key={post.slug} post={post} labels={labels} variant="small" />
              ))}
            </div>
          </section>
        ) : null}
        <section className="blog-results" aria-labelledby="all-posts-heading">
          <div className="results-header">
            <h2 id="all-posts-heading" ref={resultsHeadingRef} tabIndex={-1}>
              {labels.allPostsHeading}
            </h2>
            {filtered && matching && matching.length > 0 ? (
              <>
                {/* Shown at once for sighted visitors; assistive technology hears the same words from the status below, after typing pauses. */}
                <p className="results-summary" aria-hidden="true">
                  {summary}
                </p>
                <button
                  type="button"
                  className="button button-secondary results-clear"
                  data-keep-clear=""
                  onClick={clearAll}
                >
                  {labels.clearFilters}
                </button>
              </>
            ) : null}
          </div>
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          {!matching ? (
            <div className="empty-state">
              {all.state === 'failed' ? (
                <>
                  <p role="alert">{labels.loadFailed}</p>
                  <button type="button" className="button button-primary" onClick={() => setAll({ state: 'idle' })}>
                    {labels.retry}
                  </button>
                </>
              ) : (
                <p>{labels.loading}</p>
              )}
            </div>
          ) : matching.length === 0 ? (
            <div className="empty-state">
              <p>{labels.empty}</p>
              <button type="button" className="button button-primary" data-keep-clear="" onClick={clearAll}>
                {labels.clearFilters}
              </button>
            </div>
          ) : (
            <>
              <ul className="post-grid">
                {listed.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} labels={labels} variant="grid" />
                  </li>
                ))}
              </ul>
              {filtered && matching.length > shown ? (
                <p className="show-more">
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => setShown((count) => count + pageSize)}
                  >
                    {labels.showMore}
                  </button>
                </p>
              ) : null}
            </>
          )}
          {!filtered && pager ? <Pager pager={pager} /> : null}
        </section>
      </div>
    </div>
  );
}
