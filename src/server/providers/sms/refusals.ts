/**
 * A gateway's refusal, sorted into what the examinee is told (the words are
 * the server messages' in services/reports/sms.ts; the log keeps the gateway's
 * own code). Codes checked against each gateway's error-code pages:
 * Tencent Cloud SMS API 3.0 (cloud.tencent.com/document/api/382/52075) and
 * Aliyun 短信服务 API 错误码 (help.aliyun.com/document_detail/101346.html).
 */

/**
 * - `daily`: the gateway's per-phone daily limit (try tomorrow);
 * - `frequent`: its per-phone minute/hour limit (try later);
 * - `badNumber`: the number is not one the gateway can send to;
 * - `noBalance`: the centre's SMS package or account is empty (the examinee can only call the centre);
 * - `failed`: anything else — sign or template not approved, keys, network (generic message; the log says which).
 */
export type RefusalKind = 'daily' | 'frequent' | 'badNumber' | 'noBalance' | 'failed';

export class SmsRefused extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** The gateway's code (e.g. LimitExceeded.PhoneNumberDailyLimit), or NETWORK when no answer came. */
    readonly gatewayCode: string,
    readonly gatewayMessage: string,
    readonly requestId: string | null = null,
  ) {
    super(`SMS gateway refused: ${gatewayCode} ${gatewayMessage}`);
    this.name = 'SmsRefused';
  }
}

const TENCENT: Record<string, RefusalKind> = {
  'LimitExceeded.PhoneNumberDailyLimit': 'daily',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'daily',
  'LimitExceeded.PhoneNumberOneHourLimit': 'frequent',
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'frequent',
  'LimitExceeded.DeliveryFrequencyLimit': 'frequent',
  'InvalidParameterValue.IncorrectPhoneNumber': 'badNumber',
  'FailedOperation.PhoneNumberInBlacklist': 'badNumber',
  'FailedOperation.InsufficientBalanceInSmsPackage': 'noBalance',
};

const ALIYUN: Record<string, RefusalKind> = {
  // 触发号码天级/小时级/分钟级流控: one code for all three (its Message says which).
  'isv.BUSINESS_LIMIT_CONTROL': 'frequent',
  'isv.MOBILE_NUMBER_ILLEGAL': 'badNumber',
  'isv.AMOUNT_NOT_ENOUGH': 'noBalance',
  // 业务停机: the account is in arrears.
  'isv.OUT_OF_SERVICE': 'noBalance',
};

export function tencentRefusal(code: string): RefusalKind {
  return TENCENT[code] ?? 'failed';
}

export function aliyunRefusal(code: string): RefusalKind {
  return ALIYUN[code] ?? 'failed';
}
