const BRAND = Symbol.for("categories-admin.AppError");

export class AppError extends Error {
  override readonly name = "AppError";
  readonly [BRAND] = true;

  // The build gives route handlers and pages each a copy of this class: recognise an AppError by its brand.
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: boolean })[BRAND] === true;
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
