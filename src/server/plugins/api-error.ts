/** A business failure: becomes `{success:false, returnMsg}` with HTTP `status` (default 200). */
export class ApiError extends Error {
  readonly status: number;
  readonly returnData: unknown;
  constructor(returnMsg: string, opts: { status?: number; returnData?: unknown } = {}) {
    super(returnMsg);
    this.name = 'ApiError';
    this.status = opts.status ?? 200;
    this.returnData = opts.returnData ?? null;
  }
}
