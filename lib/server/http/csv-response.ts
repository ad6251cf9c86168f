import "server-only";

// A name a header may carry as it is; any other is also sent as UTF-8 (RFC 6266), with a plain one for old browsers.
const PLAIN_NAME = /^[\w.-]+$/;

/** A CSV file to download, never cached. The body starts with a byte-order mark, so spreadsheets read it as UTF-8. */
export function csvResponse(body: string | ReadableStream<Uint8Array>, fileName: string, plainName = fileName) {
  const disposition = PLAIN_NAME.test(fileName)
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
