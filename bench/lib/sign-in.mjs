// @ts-check
// Signs the benchmark's user in the way a browser does (no Origin header: the CSRF check allows
// same-site requests without one), and returns the session cookie to send on every request.
import { request as httpRequest } from "node:http";

/** @param {string} appUrl @param {string} username @param {string} password @returns {Promise<string>} "categories_session=…" */
export function signIn(appUrl, username, password) {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${appUrl}/api/auth/login`,
      { method: "POST", headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }, agent: false },
      (response) => {
        response.resume();
        const cookie = (response.headers["set-cookie"] ?? []).map((line) => line.split(";")[0] ?? "").find((pair) => /^(__Host-)?categories_session=./.test(pair));
        if (response.statusCode === 204 && cookie) resolve(cookie);
        else reject(new Error(`sign-in answered ${response.statusCode}${cookie ? "" : " without a session cookie"}`));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}
