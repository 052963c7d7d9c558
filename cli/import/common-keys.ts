// Which key of another generator's front matter means which common field of a blog: the
// generators' convention (Hugo, Jekyll, Next.js and Gatsby starters), so it lives here rather than
// in any site. Each key is taken by one field at most, in the order the fields are read.

/** The common fields of a post, as `ImportedEntry` names them. */
export type CommonField =
  | 'title'
  | 'date'
  | 'slug'
  | 'description'
  | 'tags'
  | 'categories'
  | 'draft'
  | 'published'
  | 'aliases'
  | 'image'
  | 'imageAlt';

/** Source keys (lowercase) by the common field they mean, the first found winning. */
const keysOf: Record<CommonField, string[]> = {
  title: ['title'],
  date: ['date', 'publishdate', 'pubdate', 'published_at', 'publishedat'],
  slug: ['slug'],
  description: ['description', 'summary', 'excerpt', 'spoiler', 'subtitle'],
  tags: ['tags', 'tag'],
  categories: ['categories', 'category'],
  draft: ['draft'],
  published: ['published'],
  // All of them: an old site may list aliases beside its own `url`.
  aliases: ['aliases', 'redirect_from', 'redirect-from', 'url', 'permalink'],
  image: [
    'cover',
    'image',
    'images',
    'hero',
    'heroimage',
    'featuredimage',
    'featured_image',
    'coverimage',
    'cover_image',
    'thumbnail',
    'banner',
  ],
  imageAlt: [
    'imagealt',
    'image_alt',
    'coveralt',
    'cover_alt',
    'heroalt',
    'hero_alt',
    'featuredimagealt',
    'featured_image_alt',
    'alt',
  ],
};

/** One source key read as a common field: where it came from and what it became. */
export interface MappedKey {
  key: string;
  field: CommonField;
  /** The value as the source wrote it. */
  written: unknown;
}

/** The keys of a front matter, each taken by one common field at most. */
export class CommonKeys {
  readonly used = new Set<string>();
  readonly mapped: MappedKey[] = [];
  private readonly byKey: Map<string, { key: string; value: unknown }>;

  constructor(frontMatter: Record<string, unknown>) {
    this.byKey = new Map(Object.entries(frontMatter).map(([key, value]) => [key.toLowerCase(), { key, value }]));
  }

  /** The value of the first key of the field not taken yet that has one. */
  take(field: CommonField): unknown {
    for (const name of keysOf[field]) {
      const found = this.byKey.get(name);
      if (!found || this.used.has(found.key) || found.value === null || found.value === undefined) continue;
      this.used.add(found.key);
      this.mapped.push({ key: found.key, field, written: found.value });
      return found.value;
    }
    return undefined;
  }

  /** Every key of a field that may be written under several at once (Hugo's `aliases` and `url`). */
  takeAll(field: CommonField): unknown[] {
    const values: unknown[] = [];
    for (let value = this.take(field); value !== undefined; value = this.take(field))
      values.push(...(Array.isArray(value) ? value : [value]));
    return values;
  }

  /** The source key that gave a field. */
  keyOf(field: CommonField): string | undefined {
    return this.mapped.find((entry) => entry.field === field)?.key;
  }
}
