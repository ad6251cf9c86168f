/**
 * An error that knows the HTTP status and Error body it stands for. Used on the
 * server (mapped to a response by `toErrorResponse`) and in the browser (built
 * from a response's Error body).
 */
export class AppError extends Error {
  override readonly name = "AppError";

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
