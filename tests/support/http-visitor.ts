type Cookie = { name: string; value: string; path: string; attributes: string };

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * A browser without a browser: fetch with `redirect: "manual"` and the cookies a browser would keep and send. All the
 * servers under test are on 127.0.0.1, where cookies ignore the port, so one jar serves the app and the provider alike,
 * as it does in a browser; a cookie goes where its Path matches.
 */
export class HttpVisitor {
  #cookies = new Map<string, Cookie>();
  /** Every response so far, with its body as text (redirects included). */
  readonly seen: { url: string; status: number; setCookies: string[]; body: string }[] = [];

  cookies(): Cookie[] {
    return [...this.#cookies.values()];
  }

  cookie(name: string): Cookie | undefined {
    return this.cookies().find((cookie) => cookie.name === name);
  }

  setCookie(name: string, value: string, path = "/"): void {
    this.#cookies.set(`${name};${path}`, { name, value, path, attributes: "" });
  }

  /** One request, no redirect followed; its Set-Cookie lines are kept, its body read (and kept in `seen`). */
  async request(
    url: string,
    init: RequestInit = {},
  ): Promise<{ status: number; location?: string; body: string; headers: Headers }> {
    const headers = new Headers(init.headers);
    const cookies = this.#cookieHeader(new URL(url).pathname);
    if (cookies) headers.set("cookie", cookies);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    const body = await response.text();
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) this.#keep(line);
    this.seen.push({ url, status: response.status, setCookies, body });
    const location = response.headers.get("location");
    return {
      status: response.status,
      location: location === null ? undefined : new URL(location, url).href,
      body,
      headers: response.headers,
    };
  }

  get(url: string) {
    return this.request(url);
  }

  post(url: string, form: Record<string, string>) {
    return this.request(url, { method: "POST", body: new URLSearchParams(form) });
  }

  /**
   * Follows redirects from `url` until the next one would go where `stopAt` says (returned, not requested), or a
   * response is not a redirect.
   */
  async follow(
    url: string,
    stopAt: (next: string) => boolean = () => false,
  ): Promise<{ url: string; status?: number; body?: string }> {
    let at = url;
    for (let hop = 0; hop < 10; hop++) {
      if (stopAt(at)) return { url: at };
      const answer = await this.get(at);
      if (!REDIRECTS.has(answer.status) || !answer.location)
        return { url: at, status: answer.status, body: answer.body };
      at = answer.location;
    }
    throw new Error(`more than 10 redirects from ${url}`);
  }

  #cookieHeader(path: string): string {
    const sent = [...this.#cookies.values()].filter(
      (cookie) => path === cookie.path || path.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`),
    );
    return sent.map(({ name, value }) => `${name}=${value}`).join("; ");
  }

  #keep(line: string): void {
    const [pair = "", ...rest] = line.split(";").map((part) => part.trim());
    const name = pair.slice(0, pair.indexOf("="));
    const value = pair.slice(pair.indexOf("=") + 1);
    const attribute = (wanted: string) =>
      rest.find((part) => part.toLowerCase().startsWith(`${wanted}=`))?.slice(wanted.length + 1);
    const path = attribute("path") ?? "/";
    const expires = attribute("expires");
    const gone = attribute("max-age") === "0" || (expires !== undefined && Date.parse(expires) <= Date.now());
    if (gone) this.#cookies.delete(`${name};${path}`);
    else this.#cookies.set(`${name};${path}`, { name, value, path, attributes: rest.join("; ") });
  }
}
