import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import Icon from '../../templates/components/Icon.tsx';
import { loadPagefind } from './pagefind-api.ts';
import {
  addressFromSearch,
  emptySearch,
  isSearching,
  maxQueryLength,
  pagefindFilters,
  searchFilters,
  searchFromAddress,
  searchMeta,
  type ExcerptPart,
  type SearchState,
} from './search-state.ts';
import { describe, snippetOf, type NoResultOffers, type SearchLabels } from './search-text.ts';

export interface SiteSearchProps {
  /** Pagefind's script (`/pagefind/pagefind.js`): loaded when a visitor first searches. */
  script: string;
  /** The search page's own address: where the form is sent, were the island not running (`/search/`). */
  action: string;
  labels: SearchLabels;
  /** The sections the index's pages declare, in the order the filter offers them. */
  sections: string[];
  tags: string[];
  categories: string[];
  /** Shown when a search finds nothing. */
  offers: NoResultOffers;
}

/** One result as the list shows it. */
interface Found {
  id: string;
  url: string;
  title: string;
  section: string;
  excerpt: ExcerptPart[];
}

type Status = 'idle' | 'searching' | 'done' | 'failed';

/** Results shown at first, and added by each 'Show more results'. */
const pageSize = 10;
/** How long typing must pause before Pagefind searches (and the count is announced). */
const typingPauseMs = 300;

/**
 * The search page's field, filters and results. The search is kept in the address (`?q=`), so a
 * search can be shared and the back button returns to it. Pagefind loads only once the visitor
 * types, picks a filter, or arrives with a search in the address.
 */
export default function SiteSearch({ script, action, labels, sections, tags, categories, offers }: SiteSearchProps) {
  const [state, setState] = useState<SearchState>(emptySearch);
  const [ready, setReady] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const [found, setFound] = useState<Found[]>([]);
  const [total, setTotal] = useState(0);
  const [shown, setShown] = useState(pageSize);
  const [announcement, setAnnouncement] = useState('');
  // On phones the filters stay folded until asked for (search.css shows them on wider screens).
  const [filtersOpen, setFiltersOpen] = useState(false);
  const latest = useRef(0);
  const fieldRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fieldId = useId();
  const sectionId = useId();
  const tagId = useId();
  const categoryId = useId();
  const filtersId = useId();

  useEffect(() => {
    // The address is read after hydration, so the server HTML (no search) matches the first render.
    setState(searchFromAddress(window.location.search));
    setReady(true);
    fieldRef.current?.focus();
    const onPopState = () => setState(searchFromAddress(window.location.search));
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  useEffect(() => {
    if (!ready) return;
    const search = addressFromSearch(window.location.search, state);
    if (search !== window.location.search)
      window.history.replaceState(null, '', `${window.location.pathname}${search}${window.location.hash}`);
  }, [state, ready]);

  useEffect(() => {
    if (!ready) return;
    const request = ++latest.current;
    if (!isSearching(state)) {
      setStatus('idle');
      setFound([]);
      setTotal(0);
      setAnnouncement('');
      return;
    }
    setStatus('searching');
    const query = state.query.trim();
    void (async () => {
      try {
        const pagefind = await loadPagefind(script);
        const search = await pagefind.debouncedSearch(
          query === '' ? null : query,
          { filters: pagefindFilters(state) },
          typingPauseMs,
        );
        // A later search has started since: its results will show instead.
        if (search === null || request !== latest.current) return;
        const pages = await Promise.all(
          search.results.slice(0, shown).map(async (result) => ({ id: result.id, page: await result.data() })),
        );
        if (request !== latest.current) return;
        setFound(
          pages.map(({ id, page }) => ({
            id,
            url: page.url,
            title: page.meta[searchMeta.title] ?? page.url,
            section: page.filters[searchFilters.section]?.[0] ?? '',
            excerpt: snippetOf(page, query),
          })),
        );
        setTotal(search.results.length);
        setStatus('done');
        setAnnouncement(describe(search.results.length, query, labels.results));
      } catch (error) {
        if (request !== latest.current) return;
        console.error(error);
        setStatus('failed');
        setAnnouncement(labels.results.failed);
      }
    })();
  }, [state, ready, shown, script, labels.results]);

  const update = (change: Partial<SearchState>) => {
    setShown(pageSize);
    setState((current) => ({ ...current, ...change }));
  };

  // Arrow keys walk from the field through the result links and back; Tab works as everywhere.
  const links = () => [...(listRef.current?.querySelectorAll<HTMLAnchorElement>('.search-result-link') ?? [])];
  const onFieldKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'ArrowDown') return;
    const first = links()[0];
    if (!first) return;
    event.preventDefault();
    first.focus();
  };
  const onListKey = (event: KeyboardEvent<HTMLOListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at === -1) return;
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) fieldRef.current?.focus();
    else all[Math.min(next, all.length - 1)]!.focus();
  };

  const query = state.query.trim();
  const activeFilters = [state.section, state.tag, state.category].filter((value) => value !== null).length;
  const summary =
    status === 'done' ? describe(total, query, labels.results) : status === 'searching' ? labels.results.searching : '';
  return (
    <div className="search-app" data-status={status}>
      {/* Results follow the typing; sending the form only closes a phone's keyboard, so the results are in sight. */}
      <form
        role="search"
        className="search-form"
        action={action}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          fieldRef.current?.blur();
        }}
      >
        <label htmlFor={fieldId} className="search-label">
          {labels.fieldLabel}
        </label>
        <div className="search-field search-field-large">
          <input
            ref={fieldRef}
            id={fieldId}
            type="search"
            name="q"
            autoComplete="off"
            spellCheck={false}
            maxLength={maxQueryLength}
            placeholder={labels.placeholder}
            value={state.query}
            onChange={(event) => update({ query: event.target.value })}
            onKeyDown={onFieldKey}
          />
          {state.query !== '' ? (
            <button
              type="button"
              className="search-clear"
              aria-label={labels.clearLabel}
              onClick={() => {
                update({ query: '' });
                fieldRef.current?.focus();
              }}
            >
              ×
            </button>
          ) : null}
          <button type="submit" className="search-submit" aria-label={labels.submitLabel}>
            <Icon name="search" size={20} />
          </button>
        </div>
      </form>
      <div className="search-layout">
        <button
          type="button"
          className="button button-secondary search-filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={filtersId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M4 6h16M7 12h10M10 18h4" />
          </svg>
          {labels.filters.toggle}
          {activeFilters > 0 ? <span className="search-filters-count">{activeFilters}</span> : null}
        </button>
        <div
          className="search-filters"
          id={filtersId}
          role="group"
          aria-label={labels.filters.label}
          data-open={filtersOpen ? 'true' : 'false'}
        >
          <div className="search-filter">
            <p className="sidebar-heading" id={sectionId}>
              {labels.filters.section}
            </p>
            <ul className="filter-list" aria-labelledby={sectionId}>
              <li>
                <button type="button" aria-pressed={state.section === null} onClick={() => update({ section: null })}>
                  {labels.filters.allSections}
                </button>
              </li>
              {sections.map((section) => (
                <li key={section}>
                  <button type="button" aria-pressed={state.section === section} onClick={() => update({ section })}>
                    {section}
                  </button>
                </li>
              ))}
            </ul>
          </div>
          <div className="search-filter-row">
            <FilterSelect
              id={tagId}
              label={labels.filters.tag}
              allLabel={labels.filters.allTags}
              values={tags}
              selected={state.tag}
              onSelect={(tag) => update({ tag })}
            />
            <FilterSelect
              id={categoryId}
              label={labels.filters.category}
              allLabel={labels.filters.allCategories}
              values={categories}
              selected={state.category}
              onSelect={(category) => update({ category })}
            />
          </div>
          <p className="search-filter-note">{labels.filters.postsOnly}</p>
        </div>
        <section className="search-results-area" aria-labelledby="search-results-heading">
          <h2 id="search-results-heading" className="visually-hidden">
            {labels.results.heading}
          </h2>
          {/* Announced once a search settles; shown at once for sighted visitors. */}
          <p className="visually-hidden" role="status">
            {announcement}
          </p>
          {status === 'idle' ? <p className="search-prompt">{labels.prompt}</p> : null}
          {status !== 'idle' && status !== 'failed' ? (
            <p className="search-summary" aria-hidden="true">
              {summary}
            </p>
          ) : null}
          {/* The page's links to the blog and guides show under this message (search.css). */}
          {status === 'failed' ? (
            <p className="search-failed" role="alert">
              {labels.results.failed}
            </p>
          ) : null}
          {status === 'done' && total === 0 ? <NoResults hint={labels.results.noneHint} offers={offers} /> : null}
          {status !== 'idle' && status !== 'failed' && found.length > 0 ? (
            <ol className="search-results" ref={listRef} onKeyDown={onListKey} aria-busy={status === 'searching'}>
              {found.map((result) => (
                <li className="search-result" key={result.id}>
                  {result.section ? <p className="search-result-section">{result.section}</p> : null}
                  <h3 className="search-result-title">
                    <a className="search-result-link" href={result.url}>
                      {result.title}
                    </a>
                  </h3>
                  <p className="search-result-excerpt">
                    {result.excerpt.map((part, index) =>
                      part.marked ? <mark key={index}>{part.text}</mark> : part.text,
                    )}
                  </p>
                </li>
              ))}
            </ol>
          ) : null}
          {status === 'done' && found.length < total ? (
            <button
              type="button"
              className="button button-secondary search-more"
              onClick={() => setShown((count) => count + pageSize)}
            >
              {labels.results.more}
            </button>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** When nothing matched: another word, the free guides, or a call with an engineer. */
function NoResults({ hint, offers }: { hint: string; offers: NoResultOffers }) {
  return (
    <div className="search-none">
      <p className="search-hint">{hint}</p>
      <div className="search-none-offers">
        <section className="search-none-offer" aria-labelledby="search-none-guides">
          <h3 id="search-none-guides">{offers.guidesHeading}</h3>
          <ul className="search-none-guides">
            {offers.guides.map((guide) => (
              <li key={guide.href}>
                <a href={guide.href}>{guide.name}</a>
              </li>
            ))}
          </ul>
        </section>
        <section className="search-none-offer" aria-labelledby="search-none-call">
          <h3 id="search-none-call">{offers.consultationHeading}</h3>
          <p>{offers.consultationText}</p>
          <a className="button button-primary" href={offers.consultation.href}>
            {offers.consultation.text}
          </a>
        </section>
      </div>
    </div>
  );
}

function FilterSelect({
  id,
  label,
  allLabel,
  values,
  selected,
  onSelect,
}: {
  id: string;
  label: string;
  allLabel: string;
  values: string[];
  selected: string | null;
  onSelect: (value: string | null) => void;
}) {
  return (
    <div className="search-filter">
      <label className="sidebar-heading" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="search-select"
        value={selected ?? ''}
        onChange={(event) => onSelect(event.target.value === '' ? null : event.target.value)}
      >
        <option value="">{allLabel}</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
        {/* A value from the address that the list leaves out (a tag past the most used) is still the one chosen. */}
        {selected !== null && !values.includes(selected) ? <option value={selected}>{selected}</option> : null}
      </select>
    </div>
  );
}
