/** A refused push: its code (contract/api/report-push.ts), the Chinese message, and the field at fault. */
import { REPORT_PUSH_ERRORS, type ReportPushErrorCode, type ReportPushRefusal } from '../../../../contract/api/report-push';

export class PushFailure extends Error {
  readonly status: number;
  constructor(
    readonly code: ReportPushErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.status = REPORT_PUSH_ERRORS[code];
  }

  get body(): ReportPushRefusal {
    return this.field ? { ok: false, code: this.code, message: this.message, field: this.field } : { ok: false, code: this.code, message: this.message };
  }
}
