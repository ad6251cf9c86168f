// The build gives route handlers and pages each a copy of this class, so `instanceof` looks for a property that every
// copy defines rather than for one copy's prototype.
const BRAND = "categoriesAdminAppError";

export class AppError extends Error {
  override readonly name = "AppError";

  get [BRAND](): true {
    return true;
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
  readonly requestId?: string;
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
