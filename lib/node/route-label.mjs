// @ts-check
// The route a request's path belongs to, as the build names it ("/api/imports/[id]"), for metrics labels: never the
// path itself, so the number of label values stays bounded whatever clients send.
import { readFileSync } from "node:fs";

const UNMATCHED = "(unmatched)";
const STATIC_FILES = "/_next/static/[...path]";

/**
 * @typedef {{ page: string, regex: string }} ManifestRoute
 * @typedef {{ staticRoutes: ManifestRoute[], dynamicRoutes: ManifestRoute[] }} RoutesManifest
 */

/**
 * @param {RoutesManifest} manifest Next's routes-manifest.json: static routes by exact path, dynamic ones by their
 *   regular expressions, in the order Next tries them.
 * @returns {(pathname: string) => string}
 */
function routeLabeler(manifest) {
  const exact = new Set(manifest.staticRoutes.map((route) => route.page));
  const dynamic = manifest.dynamicRoutes.map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  return (pathname) => {
    if (pathname.startsWith("/_next/static/")) return STATIC_FILES;
    const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
    if (exact.has(path)) return path;
    return dynamic.find((route) => route.regex.test(path))?.page ?? UNMATCHED;
  };
}

/** @param {string} path the build's routes-manifest.json */
export function routeLabelerFrom(path) {
  return routeLabeler(/** @type {RoutesManifest} */ (JSON.parse(readFileSync(path, "utf8"))));
}
