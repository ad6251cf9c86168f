import { type FakeHandler, type FakeReply, json } from "../../tests/support/fake-catalogue";
import { REJECTED_MESSAGE, REJECTED_NAME, SLOW_NAME } from "./constants";

const LISTED = { id: 1, name: "only category", description: "Listed by the fake catalogue" };

/**
 * Names starting with this are stored (later lists include them under a new id)
 * and then never get a response: a create the service applied although the app timed out.
 */
export const APPLIED_BUT_SLOW_PREFIX = "applied but slow";
/** Names starting with this are created after DELAYED_MS: slow enough to watch an import run. */
export const DELAYED_PREFIX = "delayed";
const DELAYED_MS = 400;
// Far from the ids the fake returns elsewhere (1, 2), so a stored one is never mistaken for another.
const FIRST_APPLIED_ID = 1000;

/**
 * A list call whose X-Request-Id starts with this gets an empty list. The app passes a browser's valid
 * X-Request-Id on to the catalogue, so one page can see an empty catalogue without changing it for the other tests.
 */
export const EMPTY_LIST_REQUEST_ID_PREFIX = "e2e-empty-list";

/**
 * Likewise, a list call whose X-Request-Id starts with this gets LONG_LIST_LENGTH categories: a list long enough to
 * be virtualised.
 */
export const LONG_LIST_REQUEST_ID_PREFIX = "e2e-long-list";
export const LONG_LIST_LENGTH = 500;
const LONG_LIST = Array.from({ length: LONG_LIST_LENGTH }, (_, index) => ({
  id: index + 1,
  name: `Breed ${String(index + 1).padStart(3, "0")}`,
  description: `Long list row ${index + 1}`,
}));

type Category = { id: number; name: string; description?: string };
const applied: Category[] = [];

function parseNewCategory(body: string): { name?: unknown; description?: unknown } {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}

/**
 * The "faulty" catalogue: how it responds depends only on the request (and on
 * the "applied but slow" names sent before, which each test makes unique), so
 * tests running in parallel never change each other's outcome.
 */
export const scriptedCatalogue: FakeHandler = ({ method, body, headers }): FakeReply => {
  if (method === "GET") {
    const requestId = headers["x-request-id"];
    if (typeof requestId === "string" && requestId.startsWith(EMPTY_LIST_REQUEST_ID_PREFIX)) return json(200, []);
    if (typeof requestId === "string" && requestId.startsWith(LONG_LIST_REQUEST_ID_PREFIX)) return json(200, LONG_LIST);
    return json(200, [LISTED, ...applied]);
  }
  if (method !== "POST") return json(405, { code: "method_not_allowed", message: "Use GET or POST", status: 405 });
  const { name, description } = parseNewCategory(body);
  if (typeof name !== "string") return json(400, { code: "invalid_request", message: "name is required", status: 400 });
  if (name === REJECTED_NAME) return json(400, { code: "invalid_request", message: REJECTED_MESSAGE, status: 400 });
  if (name === SLOW_NAME) return { hang: true };
  if (name.startsWith(APPLIED_BUT_SLOW_PREFIX)) {
    applied.push({
      id: FIRST_APPLIED_ID + applied.length,
      name,
      ...(typeof description === "string" ? { description } : {}),
    });
    return { hang: true };
  }
  const created = json(201, { id: 2, name, ...(typeof description === "string" ? { description } : {}) });
  return name.startsWith(DELAYED_PREFIX) ? { ...created, delayMs: DELAYED_MS } : created;
};
