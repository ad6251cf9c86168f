/** One request a load client made, and what came back. */
export type Exchange = {
  method: "GET" | "POST";
  status: number;
  /** The Error body's code, for error responses. */
  code?: string;
  /** The name sent (POST) and the category returned (201). */
  name?: string;
  created?: { id: string; name: string };
  startedAt: number;
  endedAt: number;
};

type Category = { id: number | string; name: string };

/**
 * `clients` signed-in clients, each alternating create and list as fast as the
 * app responds, until `until` (a Date.now() value). Every exchange is kept.
 */
export async function runLoadClients(appUrl: string, cookies: readonly string[], until: number): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  await Promise.all(
    cookies.map(async (cookie, client) => {
      for (let turn = 0; Date.now() < until; turn++) {
        const name = turn % 2 === 0 ? `load c${client} n${turn}` : undefined;
        exchanges.push(await exchange(appUrl, cookie, name));
      }
    }),
  );
  return exchanges;
}

async function exchange(appUrl: string, cookie: string, name: string | undefined): Promise<Exchange> {
  const startedAt = Date.now();
  const method = name === undefined ? "GET" : "POST";
  try {
    const response = await fetch(`${appUrl}/api/categories`, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: name === undefined ? undefined : JSON.stringify({ name, description: "made by the load test" }),
      signal: AbortSignal.timeout(30_000),
    });
    const body: unknown = await response.json();
    const result: Exchange = { method, status: response.status, name, startedAt, endedAt: Date.now() };
    if (response.status === 201) result.created = idAndName(body as Category);
    else if (response.status !== 200) result.code = (body as { code?: string }).code;
    return result;
  } catch (error) {
    // The app itself failed to respond: status 0, never expected.
    return { method, status: 0, code: String(error), name, startedAt, endedAt: Date.now() };
  }
}

export const idAndName = ({ id, name }: Category) => ({ id: String(id), name });

/** Counts by "METHOD status code", e.g. "POST 502 upstream_unavailable". */
export function countByOutcome(exchanges: readonly Exchange[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { method, status, code } of exchanges) {
    const key = [method, status, code].filter(Boolean).join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** The value below which `share` of the sorted values lie. */
export function percentile(values: readonly number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
}
