/**
 * An error that knows the HTTP status and Error body it stands for. Used on the
 * server (mapped to a response by `toErrorResponse`) and in the browser (built
 * from a response's Error body).
 */
const BRAND = Symbol.for("categories-admin.AppError");

export class AppError extends Error {
  override readonly name = "AppError";
  readonly [BRAND] = true;

  /**
   * Next may load this module once per route bundle, while process-wide
   * objects (the catalogue client) outlive any one of them: recognise an
   * AppError by its brand, not by which copy of the class made it.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: boolean })[BRAND] === true;
  }
  /** The request id staff can quote; known in the browser once the server has answered. */
  readonly requestId?: string;
  /** Response headers that belong to this error, such as Retry-After or Allow. */
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    options?: ErrorOptions & { requestId?: string; headers?: Record<string, string> },
  ) {
    super(message, options);
    this.requestId = options?.requestId;
    this.headers = options?.headers;
  }
}
