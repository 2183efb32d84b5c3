// How the site search (Pagefind) ranks, shared by the search box (SiteSearch.astro) and the tests that ask
// an index what it asks. termSimilarity above its default (1) puts a word that is the query's word ahead of
// longer words that merely start with it: "create issue" wants createIssue and issues_create before
// createIssueTypeScheme and the Issuing tools, which otherwise match as often.
export const SEARCH_RANKING = { termSimilarity: 5 } as const;
