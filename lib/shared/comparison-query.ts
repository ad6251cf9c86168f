/** The comparison's place in the query cache, the same for the page's server render and the browser's reads. */
export const comparisonQueryKey = ["comparison"] as const;
