import "server-only";
import { AppError } from "@/lib/shared/app-error";

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(415, "unsupported_media_type", "Send the request body as JSON, with Content-Type: application/json.");
  }
  const tooLarge = () =>
    new AppError(413, "payload_too_large", `The request body is larger than this server accepts (${maxBytes} bytes).`);
  if (Number(request.headers.get("content-length")) > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const notJson = () => new AppError(400, "invalid_json", "The request body is not valid JSON.");
  let text: string;
  try {
    // Fatal: a body that is not UTF-8 is refused, never stored with replacement characters.
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw notJson();
  }
  if (text.trim() === "") {
    throw new AppError(400, "body_missing", "The request has no body. Send a JSON object with a name.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw notJson();
  }
}
