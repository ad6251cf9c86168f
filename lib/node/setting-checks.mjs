// @ts-check
// The checks of lib/node/config-schema.mjs, each message naming its setting and saying what is expected.
import * as z from "zod/mini";
import ipaddr from "ipaddr.js";
import { parseTrustedProxies } from "./forwarded.mjs";

/** @param {string} name @param {number} min @param {number} max */
export const wholeNumber = (name, min, max) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isInteger(value) || value < min || value > max) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be a whole number from ${min} to ${max} (got "${raw}")`,
        });
        return z.NEVER;
      }
      return value;
    }),
  );

/** A number of seconds, fractions allowed (0.2 is 200 ms). @param {string} name @param {number} min @param {number} max */
export const seconds = (name, min, max) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(value) || value < min || value > max) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be a number of seconds from ${min} to ${max} (got "${raw}")`,
        });
        return z.NEVER;
      }
      return value;
    }),
  );

/** A number above 0, fractions allowed (0.5 hours is 30 minutes). @param {string} name @param {number} max */
export const positiveNumber = (name, max) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const value = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(value) || value <= 0 || value > max) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be a number above 0 and at most ${max}, fractions allowed (got "${raw}")`,
        });
        return z.NEVER;
      }
      return value;
    }),
  );

/** @param {string} name */
export const baseUrl = (name) =>
  z.string().check(
    z.refine((raw) => {
      try {
        const url = new URL(raw);
        return (
          (url.protocol === "http:" || url.protocol === "https:") &&
          /\/v1\/?$/.test(url.pathname) &&
          !url.search &&
          !url.hash
        );
      } catch {
        return false;
      }
    }, `${name} must be an http(s) URL whose path ends in /v1, like https://catalogue.example.com/v1`),
  );

const LOOPBACK_HOST = /^(localhost|\[::1\]|127\.\d+\.\d+\.\d+)$/;
/** @param {string} hostname */
export const isLoopbackHost = (hostname) => LOOPBACK_HOST.test(hostname);

// Plain http only on this machine: anywhere else the client secret and the tokens would cross the network in clear.
export const issuerUrl = z.string().check(
  z.refine((raw) => {
    try {
      const url = new URL(raw);
      return (
        (url.protocol === "https:" || (url.protocol === "http:" && isLoopbackHost(url.hostname))) &&
        !url.search &&
        !url.hash
      );
    } catch {
      return false;
    }
  }, "OIDC_ISSUER must be the identity provider's https URL, like https://login.example.com/realms/staff (plain http only on a loopback address)"),
);

/** @param {string} name */
export const nonEmpty = (name) => z.string().check(z.refine((raw) => raw.trim() !== "", `${name} must not be blank`));

/** @param {string} name */
export const valueList = (name) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const values = raw
        .split(",")
        .map((value) => value.trim())
        .filter(Boolean);
      if (values.length === 0) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must list at least one value, comma-separated (got "${raw}")`,
        });
        return z.NEVER;
      }
      return values;
    }),
  );

// Read into the list the server entry checks each request's address against.
export const trustedProxies = z.pipe(
  z.string(),
  z.transform((raw, ctx) => {
    const { list, problem } = parseTrustedProxies(raw);
    if (problem) {
      ctx.issues.push({ code: "custom", input: raw, message: problem });
      return z.NEVER;
    }
    return list;
  }),
);

export const postgresUrl = z.string().check(
  z.refine((raw) => {
    try {
      return ["postgres:", "postgresql:"].includes(new URL(raw).protocol);
    } catch {
      return false;
    }
  }, "DATABASE_URL must be a postgres:// URL, like postgres://user:password@db.example.com:5432/categories"),
);

export const appOrigin = z.string().check(
  z.refine((raw) => {
    try {
      const url = new URL(raw);
      return (url.protocol === "http:" || url.protocol === "https:") && url.origin === raw.replace(/\/$/, "");
    } catch {
      return false;
    }
  }, "APP_ORIGIN must be the app's public origin, like https://admin.example.com (no path)"),
);

export const oidcScopes = z
  .string()
  .check(
    z.refine(
      (raw) => raw.split(/\s+/).includes("openid"),
      'OIDC_SCOPES must include openid, like "openid profile email"',
    ),
  );

/**
 * Comma-separated CIDR ranges (a lone address is its own range), read with ipaddr.js as the address checks read them.
 * @param {string} name
 */
export const networkList = (name) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      /** @type {string[]} */
      const ranges = [];
      for (const entry of raw
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        try {
          const [address, bits] = entry.includes("/") ? ipaddr.parseCIDR(entry) : [ipaddr.parse(entry), undefined];
          ranges.push(`${address.toString()}/${bits ?? (address.kind() === "ipv4" ? 32 : 128)}`);
        } catch {
          ctx.issues.push({
            code: "custom",
            input: raw,
            message: `${name} must be comma-separated CIDR ranges like 10.20.0.0/16 or fd00::/8 (got "${entry}")`,
          });
          return z.NEVER;
        }
      }
      return ranges;
    }),
  );

/** Comma-separated numbers of seconds, each 0 or more, fractions allowed. @param {string} name */
export const secondsList = (name) =>
  z.pipe(
    z.string(),
    z.transform((raw, ctx) => {
      const values = raw.split(",").map((part) => part.trim());
      if (values.some((value) => value === "" || !Number.isFinite(Number(value)) || Number(value) < 0)) {
        ctx.issues.push({
          code: "custom",
          input: raw,
          message: `${name} must be comma-separated numbers of seconds, like 5,300,1800 (got "${raw}")`,
        });
        return z.NEVER;
      }
      return values.map(Number);
    }),
  );
