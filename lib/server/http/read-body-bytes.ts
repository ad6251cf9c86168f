import "server-only";
import { AppError } from "@/lib/shared/app-error";

/** The whole body, refused with a 413 as soon as it is known to exceed `maxBytes`. */
export async function readBodyBytes(request: Request, maxBytes: number, tooLargeMessage: string): Promise<Buffer> {
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
