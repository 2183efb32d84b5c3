// How the site search (Pagefind) ranks, shared by the search box (SiteSearch.astro) and the tests that ask
// an index what it asks.
// - termSimilarity above its default (1) puts a word that is the query's word ahead of longer words that
//   merely start with it: "create issue" wants createIssue and issues_create before createIssueTypeScheme.
// - metaWeights.does: a query word found in a tool page's `does` field (its verb and object and the words
//   people use for them, src/docs/search-words.ts) boosts the page as a title match does (5 by default), so
//   "send sms" finds CreateMessage ahead of CreateSmsCommand, whose title holds "sms".
// - metaWeights.makes: a creating tool's object (src/docs/search-words.ts), so "refund" alone lists the tools that
//   create refunds before those that read or change one. about: the other words of a tool's facts, at a low weight.
export const SEARCH_RANKING = { termSimilarity: 5, metaWeights: { title: 5, does: 8, makes: 4, about: 1 } } as const;
