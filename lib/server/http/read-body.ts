import "server-only";
import { AppError } from "@/lib/shared/app-error";

/** The body's bytes, refused with 413 past maxBytes (by Content-Length first, else while reading). */
export async function readBodyBytes(
  request: Request,
  maxBytes: number,
  tooLargeMessage = `The request body is larger than this server accepts (${maxBytes} bytes).`,
): Promise<Buffer> {
  const tooLarge = () => new AppError(413, "payload_too_large", tooLargeMessage);
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
  return Buffer.concat(chunks);
}

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** For the one route a server (not a page) posts a form to: the provider's back-channel logout. */
export async function readFormBody(request: Request, maxBytes: number): Promise<URLSearchParams> {
  if (!FORM_TYPE.test(request.headers.get("content-type") ?? "")) {
    throw new AppError(
      400,
      "invalid_request",
      "Send the body as a form, with Content-Type: application/x-www-form-urlencoded.",
    );
  }
  return new URLSearchParams((await readBodyBytes(request, maxBytes)).toString("utf8"));
}
