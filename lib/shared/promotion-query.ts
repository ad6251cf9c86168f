/** The query cache key of one promotion with its rows: the page fills it on the server, the browser polls it. */
export const promotionKey = (id: string) => ["promotions", id] as const;
