// The rendered-page store: an LRU map with a byte budget; an entry is one page as sent (identity,
// gzip, later brotli) with its ETag and CSP. Pages reached with a query string have their own
// smaller share, so invented queries evict only other query pages.

export type CachedPage = {
  status: number;
  /** Headers sent with every copy of the page (Content-Type, Cache-Control, ETag, CSP...). */
  headers: Array<[string, string]>;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  /** Made after the page was first sent (page-cache/recompress.server); gzip is sent until then. */
  brotli?: Buffer;
  /** The pages version the page was rendered at (DataVersions.pages). */
  dataVersion: number;
  /**
   * The site version at which no redirect rule was found for the page's address: at any other,
   * the rules are asked again before the page is served (a rule change keeps the page, not its
   * address). Moved forward in place by the hit and miss paths.
   */
  rulesCheckedAt: number;
  /** Epoch ms after which the page is out of date on its own; Infinity when only data changes it. */
  validUntil: number;
  bytes: number;
};

/** What an entry costs the budget: its bodies and its headers. */
export function getPageBytes(page: Omit<CachedPage, "bytes">): number {
  let bytes = page.identity.length + page.gzip.length + (page.brotli?.length ?? 0);
  for (const [name, value] of page.headers) bytes += name.length + value.length;
  return bytes;
}

class LruSegment {
  private readonly entries = new Map<string, CachedPage>();
  private used = 0;
  private readonly budget: number;
  constructor(budget: number) {
    this.budget = budget;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Most recently used last: Map keeps insertion order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage): boolean {
    this.delete(key);
    if (entry.bytes > this.budget) return false;
    this.entries.set(key, entry);
    this.used += entry.bytes;
    for (const [oldest, old] of this.entries) {
      if (this.used <= this.budget) break;
      this.entries.delete(oldest);
      this.used -= old.bytes;
    }
    return true;
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.used -= entry.bytes;
  }

  clear() {
    this.entries.clear();
    this.used = 0;
  }

  stats(): SegmentStats {
    return { entries: this.entries.size, bytes: this.used, budget: this.budget };
  }

  has(key: string) {
    return this.entries.has(key);
  }

  /** The entry without making it the most recently used one. */
  peek(key: string) {
    return this.entries.get(key);
  }
}

export type SegmentStats = { entries: number; bytes: number; budget: number };
export type PageStoreStats = SegmentStats & { pages: SegmentStats; queries: SegmentStats };

export class PageStore {
  private readonly pages: LruSegment;
  private readonly queries: LruSegment;
  private version = -1;

  readonly budget: number;

  /** `queryShare`: the part of the budget pages with a query string may use. */
  constructor(budget: number, queryShare = 0.25) {
    this.budget = budget;
    const queryBudget = Math.floor(budget * queryShare);
    this.pages = new LruSegment(budget - queryBudget);
    this.queries = new LruSegment(queryBudget);
  }

  private segment(key: string) {
    return key.includes("?") ? this.queries : this.pages;
  }

  /** Forgets every page when the pages version moved: they may all show the changed data. */
  syncVersion(version: number) {
    if (version === this.version) return;
    this.version = version;
    this.pages.clear();
    this.queries.clear();
  }

  get(key: string, now = Date.now()): CachedPage | undefined {
    const segment = this.segment(key);
    const entry = segment.get(key);
    if (!entry) return undefined;
    if (entry.dataVersion !== this.version || now >= entry.validUntil) {
      segment.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Stores a page rendered at `entry.dataVersion`; a page from an older version is not kept. */
  set(key: string, entry: CachedPage): boolean {
    if (entry.dataVersion !== this.version) return false;
    return this.segment(key).set(key, entry);
  }

  /**
   * Puts `next` (the same page, better compressed) in the place of `current`, only if `current`
   * is still the page kept under this key: a page dropped or rendered again meanwhile stays so.
   */
  replace(key: string, current: CachedPage, next: CachedPage): boolean {
    const segment = this.segment(key);
    if (segment.peek(key) !== current || next.dataVersion !== this.version) return false;
    return segment.set(key, next);
  }

  /**
   * The entry kept under this key, valid or not, without making it the most recently used: what
   * is served, as it is, while the database cannot say whether it is still current
   * (stale-if-error), and what the background compression checks.
   */
  peek(key: string): CachedPage | undefined {
    return this.segment(key).peek(key);
  }

  /** True when this very page is still kept under this key (and so worth compressing further). */
  keeps(key: string, page: CachedPage): boolean {
    return this.segment(key).peek(key) === page;
  }

  /** True when a page is kept under this key (whether still valid or not). */
  has(key: string): boolean {
    return this.segment(key).has(key);
  }

  stats(): PageStoreStats {
    const pages = this.pages.stats();
    const queries = this.queries.stats();
    return {
      entries: pages.entries + queries.entries,
      bytes: pages.bytes + queries.bytes,
      budget: this.budget,
      pages,
      queries,
    };
  }
}
