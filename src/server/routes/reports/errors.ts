/** Maps the after-booking services' business errors to ApiError (→ {success:false, returnMsg}). */
import { ApiError } from '../../plugins/call';
import { SmsError } from '../../services/reports/sms';
import { ReportError } from '../../services/reports/reports';
import { ApprovalError } from '../../services/approvals/approvals';
import { QuestionnaireError } from '../../services/questionnaires';
import { PayRecordError } from '../../services/orders/payrecords';

const BUSINESS = [SmsError, ReportError, ApprovalError, QuestionnaireError, PayRecordError];

export async function business<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (BUSINESS.some((C) => e instanceof C)) throw new ApiError((e as Error).message);
    throw e;
  }
}

/** The centre's calendar day of an instant. */
export { centreDay as chinaToday } from '../../../contract/rules/centre-day';
