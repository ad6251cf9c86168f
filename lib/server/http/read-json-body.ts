import "server-only";
import { AppError } from "@/lib/shared/app-error";
import { readBodyBytes } from "./read-body";

const JSON_TYPE = /^application\/json\s*(;|$)/i;

export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  if (!JSON_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Send the request body as JSON, with Content-Type: application/json.",
    );
  }
  const bytes = await readBodyBytes(request, maxBytes);
  const notJson = () => new AppError(400, "invalid_json", "The request body is not valid JSON.");
  let text: string;
  try {
    // Fatal: a body that is not UTF-8 is refused, never stored with replacement characters.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
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
