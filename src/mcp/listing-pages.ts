// The pages of one tools/list, collected until the last. The server decides how many pages there are: one
// that always names a next page, or names a page it has given already, would keep the proxy asking for
// ever while the calls wait. Past these limits the listing is refused with the reason, and the proxy stops
// (exit code 2): it never checks calls against part of a listing.

/** The most pages of one tools/list the proxy asks for. */
export const MAX_LIST_PAGES = 100;
/** The most tools one tools/list may hold, over all its pages. */
export const MAX_LISTED_TOOLS = 10_000;

/** After a page: the cursor of the next one (none after the last), or why the listing cannot be used (a clause about the listing, "it ..."). */
export type PageOutcome = { next?: string } | { fault: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export class ListingPages {
  readonly tools: unknown[] = [];
  private pages = 0;
  private readonly cursors = new Set<string>();

  /** Takes the result of one page. Only the limits are in the reasons: none of the server's text. */
  add(result: unknown): PageOutcome {
    this.pages++;
    const page = isObject(result) ? result : {};
    const tools = page.tools ?? [];
    const next = page.nextCursor ?? undefined;
    if (!Array.isArray(tools)) return { fault: `its page ${this.pages} has no list of tools` };
    if (next !== undefined && typeof next !== 'string') return { fault: `its page ${this.pages} names the next page with a cursor that is not a string` };
    if (this.tools.length + tools.length > MAX_LISTED_TOOLS) return { fault: `it holds more than ${MAX_LISTED_TOOLS.toLocaleString('en')} tools, the proxy\u2019s limit` };
    for (const tool of tools) this.tools.push(tool);
    if (!next) return {};
    if (this.cursors.has(next)) return { fault: `its page ${this.pages} names a page it has given already (a cursor that repeats), so it would never end` };
    if (this.pages >= MAX_LIST_PAGES) return { fault: `it goes on past ${MAX_LIST_PAGES} pages, the proxy\u2019s limit` };
    this.cursors.add(next);
    return { next };
  }
}
