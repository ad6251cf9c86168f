import "server-only";

/**
 * A CSV file to download, never cached; its body starts with a byte-order mark, so spreadsheets read it as UTF-8. A
 * name that comes from a person's file is sent as UTF-8 (RFC 6266) too, with a plain one for older browsers.
 */
export function csvResponse(body: string | ReadableStream<Uint8Array>, fileName: string, plainName?: string) {
  const disposition =
    plainName === undefined
      ? `attachment; filename="${fileName}"`
      : `attachment; filename="${plainName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": disposition,
      "cache-control": "no-store",
    },
  });
}
