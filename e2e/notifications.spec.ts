import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { expect, tabUntilFocused, test as base } from "./support/fixtures";

type Received = { headers: Record<string, string | string[] | undefined>; body: string };
type Receiver = { url: string; received: Received[] };
type Endpoint = { id: string; name: string; url: string; secret: string };

/** A receiver on loopback (allowed by the main instance's WEBHOOK_ALLOWED_NETWORKS) that answers every POST 200. */
async function startReceiver(): Promise<Receiver & { server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { "content-type": "text/plain" }).end("thanks from the e2e receiver");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

/** Deletes every endpoint named `name`: what a test that failed before its own delete left behind. */
async function deleteEndpointsNamed(adminRequest: APIRequestContext, name: string): Promise<void> {
  const { webhooks } = (await (await adminRequest.get("/api/webhooks")).json()) as {
    webhooks: { id: string; name: string }[];
  };
  for (const left of webhooks.filter((webhook) => webhook.name === name))
    await adminRequest.delete(`/api/webhooks/${left.id}`);
}

/**
 * Opens a form from the button it waits behind: the form's heading takes the focus, and once the form has loaded, Tab
 * reaches its Name field. The form, named by its heading.
 */
async function openForm(page: Page, label: string): Promise<Locator> {
  await tabUntilFocused(page, page.getByRole("button", { name: label }), 60);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: label })).toBeFocused();
  const form = page.getByRole("form", { name: label });
  await expect(form.getByLabel("Name", { exact: true })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Name", { exact: true })).toBeFocused();
  return form;
}

/** How many lines an element's text takes on the screen. */
function linesOfText(element: Element): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  return range.getClientRects().length;
}

const test = base.extend<{ receiver: Receiver; endpoint: Endpoint }>({
  receiver: async ({}, provide) => {
    const { server, ...receiver } = await startReceiver();
    await provide(receiver);
    server.close();
  },
  /** A signed endpoint for request.created, added through the API, for the tests of its page. */
  endpoint: async ({ adminRequest, receiver, uniqueName }, provide) => {
    const response = await adminRequest.post("/api/webhooks", {
      data: { name: uniqueName, url: receiver.url, format: "standard", events: ["request.created"] },
    });
    expect(response.status()).toBe(201);
    const { webhook, secret } = (await response.json()) as { webhook: { id: string }; secret: string };
    await provide({ id: webhook.id, name: uniqueName, url: receiver.url, secret });
    await deleteEndpointsNamed(adminRequest, uniqueName);
  },
});

// Only the keyboard on the page: Tab, Shift+Tab, Space, Enter and typing.
test("an admin adds a signed endpoint with the keyboard, sees its secret once, sends a test event and deletes it", async ({
  page,
  uniqueName,
  adminRequest,
  receiver,
}) => {
  try {
    await page.goto("/settings/notifications");
    const settings = page.getByRole("navigation", { name: "Settings" });
    await expect(settings.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
    await openForm(page, "Add an endpoint");
    await page.keyboard.type(uniqueName);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("URL", { exact: true })).toBeFocused();
    await page.keyboard.type(receiver.url);
    await tabUntilFocused(page, page.getByRole("checkbox", { name: "request.created" }));
    await page.keyboard.press("Space");
    await tabUntilFocused(page, page.getByRole("button", { name: "Add endpoint" }));
    await expectNoAxeViolationsInEitherScheme(page);
    await page.keyboard.press("Enter");

    const shown = page.getByRole("region", { name: `Copy the signing secret of “${uniqueName}” now` });
    await expect(shown).toBeFocused();
    await expect(shown).toContainText("It will not be shown again.");
    const secret = await shown.getByLabel("The signing secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await expect(page.getByRole("row", { name: new RegExp(uniqueName) })).toContainText("None yet");
    await expectNoAxeViolationsInEitherScheme(page);
    await tabUntilFocused(page, shown.getByRole("button", { name: "Done" }));
    await page.keyboard.press("Enter");
    await expect(shown).toBeHidden();
    // Done closes the form with the secret, and the focus goes back to the button that opened it.
    await expect(page.getByRole("button", { name: "Add an endpoint" })).toBeFocused();
    expect(await page.content()).not.toContain(secret);

    // Back up the list (other tests' endpoints may be listed after this one).
    await tabUntilFocused(page, page.getByRole("link", { name: uniqueName }), 60, "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: uniqueName })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/notifications\/[0-9a-f-]{36}$/);
    await expect(settings.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "true");
    await expect(page.getByText("0 deliveries")).toBeVisible();
    await expectNoAxeViolationsInEitherScheme(page);

    await tabUntilFocused(page, page.getByRole("button", { name: "Send a test event" }), 40);
    await page.keyboard.press("Enter");
    const delivery = page.getByRole("row", { name: /ping/ });
    await expect(delivery).toContainText("delivered");
    await expect(delivery).toContainText("HTTP 200");
    await expect(delivery).toContainText("thanks from the e2e receiver");
    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]?.body ?? "{}")).toMatchObject({ type: "ping" });
    expect(receiver.received[0]?.headers["webhook-signature"]).toMatch(/^v1,/);
    await expectNoAxeViolationsInEitherScheme(page);

    await tabUntilFocused(page, page.getByRole("button", { name: "Delete" }), 40);
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: `Delete the endpoint “${uniqueName}”?` });
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectNoAxeViolationsInEitherScheme(page);
    await page.keyboard.press("Shift+Tab");
    await expect(dialog.getByRole("button", { name: "Delete" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/settings\/notifications$/);
    await expect(page.getByRole("heading", { level: 1, name: "Notifications" })).toBeVisible();
    await expect(page.getByRole("link", { name: uniqueName })).toHaveCount(0);
  } finally {
    // Left behind only when the test failed before its delete.
    await deleteEndpointsNamed(adminRequest, uniqueName);
  }
});

test("a URL outside the allowed networks is refused by the URL field, which takes the focus; Cancel closes the form", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  try {
    await page.goto("/settings/notifications");
    await openForm(page, "Add an endpoint");
    await page.keyboard.type(uniqueName);
    await page.keyboard.press("Tab");
    // Loopback, but not the one address the instance allows (127.0.0.1/32).
    await page.keyboard.type("http://127.0.0.2/hook");
    await tabUntilFocused(page, page.getByRole("checkbox", { name: "request.created" }));
    await page.keyboard.press("Space");
    await tabUntilFocused(page, page.getByRole("button", { name: "Add endpoint" }));
    await page.keyboard.press("Enter");

    const url = page.getByLabel("URL", { exact: true });
    await expect(url).toBeFocused();
    await expect(url).toHaveAttribute("aria-invalid", "true");
    await expect(url).toHaveAccessibleDescription(/The app may not send to this address: .*loopback/);
    await expect(page.getByRole("link", { name: uniqueName })).toHaveCount(0);
    await expectNoAxeViolationsInEitherScheme(page);

    await tabUntilFocused(page, page.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("form", { name: "Add an endpoint" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Add an endpoint" })).toBeFocused();
  } finally {
    await deleteEndpointsNamed(adminRequest, uniqueName);
  }
});

test("an admin changes an endpoint through its form with the keyboard, and its page shows the new values", async ({
  page,
  endpoint,
}) => {
  await page.goto(`/settings/notifications/${endpoint.id}`);
  const form = await openForm(page, "Change the endpoint");
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`${endpoint.name} renamed`);
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("URL", { exact: true })).toBeFocused();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`${endpoint.url}/v2`);
  await tabUntilFocused(page, form.getByRole("checkbox", { name: "import.finished" }));
  await page.keyboard.press("Space");
  await tabUntilFocused(page, form.getByRole("button", { name: "Save changes" }), 30);
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: `${endpoint.name} renamed` })).toBeVisible();
  // The facts: URL, format, events, environments, state, added.
  const facts = page.getByRole("definition");
  await expect(facts.nth(0)).toHaveText(`${endpoint.url}/v2`);
  await expect(facts.nth(2)).toHaveText("request.created, import.finished");
  // Saved, the form closes, back to its button; opened again, it starts from what was saved.
  await expect(form).toBeHidden();
  await expect(page.getByRole("button", { name: "Change the endpoint" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue(`${endpoint.name} renamed`);
});

test("switching an endpoint off and on shows its state, and a test event waits for it to be on", async ({
  page,
  endpoint,
}) => {
  await page.goto(`/settings/notifications/${endpoint.id}`);
  const state = page.getByRole("definition").nth(4);
  await expect(state).toHaveText("On");
  await tabUntilFocused(page, page.getByRole("button", { name: "Switch off" }), 40);
  await page.keyboard.press("Enter");

  await expect(state).toHaveText("Switched off: switched off by an admin");
  await expect(page.getByRole("button", { name: "Send a test event" })).toBeDisabled();
  // The button is disabled while its change is sent, which takes the focus from it: Tab back to it.
  await tabUntilFocused(page, page.getByRole("button", { name: "Switch on" }), 40);
  await page.keyboard.press("Enter");
  await expect(state).toHaveText("On");
  await expect(page.getByRole("button", { name: "Switch off" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a test event" })).toBeEnabled();
});

test("rotating the secret shows the new one once, and Done hides it", async ({ page, endpoint }) => {
  await page.goto(`/settings/notifications/${endpoint.id}`);
  await tabUntilFocused(page, page.getByRole("button", { name: "Rotate secret" }), 40);
  await page.keyboard.press("Enter");

  const shown = page.getByRole("region", { name: `Copy the new signing secret of “${endpoint.name}” now` });
  await expect(shown).toBeFocused();
  await expect(shown).toContainText("It will not be shown again.");
  const secret = await shown.getByLabel("The new signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  expect(secret).not.toBe(endpoint.secret);
  await tabUntilFocused(page, shown.getByRole("button", { name: "Done" }));
  await page.keyboard.press("Enter");
  await expect(shown).toBeHidden();
  expect(await page.content()).not.toContain(secret);
});

test("Send again sends a delivery once more with the same webhook-id, and its row shows the new attempt", async ({
  page,
  endpoint,
  receiver,
  adminRequest,
}) => {
  expect((await adminRequest.post(`/api/webhooks/${endpoint.id}/test`, { data: {} })).status()).toBe(202);
  await page.goto(`/settings/notifications/${endpoint.id}`);
  const delivery = page.getByRole("row", { name: /ping/ });
  await expect(delivery).toContainText("delivered");
  await expect(delivery.getByRole("listitem")).toHaveCount(1);
  // In a window this narrow the columns are squeezed: the state is still one whole word on one line.
  await page.setViewportSize({ width: 900, height: 900 });
  const state = delivery.getByRole("cell").nth(2);
  await expect(state).toHaveText("delivered");
  await expect.poll(() => state.evaluate(linesOfText)).toBe(1);
  await tabUntilFocused(page, delivery.getByRole("button", { name: "Send again (ping)" }), 40);
  await page.keyboard.press("Enter");

  await expect(delivery.getByRole("listitem")).toHaveCount(2);
  await expect(delivery.getByRole("listitem").nth(1)).toContainText("HTTP 200");
  await expect(delivery).toContainText("delivered");
  expect(receiver.received).toHaveLength(2);
  const [first, second] = receiver.received.map((request) => request.headers["webhook-id"]);
  expect(first).toEqual(expect.any(String));
  expect(second).toBe(first);
});
