import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expectNoAxeViolationsInEitherScheme } from "./support/axe";
import { expect, tabUntilFocused, test } from "./support/fixtures";

type Received = { headers: Record<string, string | string[] | undefined>; body: string };

/** A receiver on loopback (allowed by the main instance's WEBHOOK_ALLOWED_NETWORKS) that answers every POST 200. */
async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
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

// Only the keyboard on the page: Tab, Shift+Tab, Space, Enter and typing.
test("an admin adds a signed endpoint with the keyboard, sees its secret once, sends a test event and deletes it", async ({
  page,
  uniqueName,
  adminRequest,
}) => {
  const receiver = await startReceiver();
  try {
    await page.goto("/settings/notifications");
    const settings = page.getByRole("navigation", { name: "Settings" });
    await expect(settings.getByRole("link", { name: "Notifications" })).toHaveAttribute("aria-current", "page");
    await tabUntilFocused(page, page.getByLabel("Name", { exact: true }), 40);
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
    expect(await page.content()).not.toContain(secret);

    await tabUntilFocused(page, page.getByRole("link", { name: uniqueName }), 60);
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
    receiver.server.close();
    // Left behind only when the test failed before its delete.
    const { webhooks } = (await (await adminRequest.get("/api/webhooks")).json()) as {
      webhooks: { id: string; name: string }[];
    };
    for (const left of webhooks.filter((webhook) => webhook.name === uniqueName))
      await adminRequest.delete(`/api/webhooks/${left.id}`);
  }
});
