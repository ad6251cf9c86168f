import { test as setup } from "@playwright/test";
import { signInByApi, storedSessionFile } from "./support/auth";
import { ACCOUNTS, INSTANCE_NAMES, type Role, instanceUrl } from "./support/constants";

// Each role signs in to each app instance once, through the API (signing in through the form is tested in
// auth-pages.spec.ts and keyboard.spec.ts); the specs start from the saved state.
for (const role of Object.keys(ACCOUNTS) as Role[]) {
  setup(`sign in as the ${role}`, async ({ playwright }) => {
    await Promise.all(
      INSTANCE_NAMES.map(async (instance) => {
        const request = await playwright.request.newContext({ baseURL: instanceUrl(instance) });
        await signInByApi(request, ACCOUNTS[role]);
        await request.storageState({ path: storedSessionFile(role, instance) });
        await request.dispose();
      }),
    );
  });
}
