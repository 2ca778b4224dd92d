/**
 * Tencent Cloud SMS (短信, API 3.0 SendSms, version 2021-01-11) through the
 * official SDK, tencentcloud-sdk-nodejs-sms, which signs with TC3-HMAC-SHA256.
 * A number the gateway will not send to comes back inside a 200 answer
 * (SendStatusSet[].Code other than "Ok"); a refused request as Response.Error,
 * which the SDK throws with its `code`. Both end as SmsRefused.
 */
import tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import { templateValues, type TencentSettings } from './params';
import { SmsRefused, tencentRefusal } from './refusals';
import { recordSend, type GatewayAnswer } from './record';
import type { SmsLog, SmsProvider } from './types';

/** Seconds the SDK waits for an answer: the examinee is waiting on the same request. */
const TIMEOUT_SEC = 10;

/** E.164, as the API wants it: mainland numbers get +86. */
export function tencentPhone(tel: string): string {
  return tel.startsWith('+') ? tel : `+86${tel}`;
}

export function createTencentSmsProvider(s: TencentSettings, log: SmsLog): SmsProvider {
  const client = new tencentcloud.sms.v20210111.Client({
    credential: { secretId: s.secretId, secretKey: s.secretKey },
    region: s.region,
    profile: { httpProfile: { endpoint: s.endpoint.host, protocol: `${s.endpoint.protocol}://`, reqTimeout: TIMEOUT_SEC } },
  });
  return {
    name: 'tencent',
    async send(db, msg) {
      let answer: GatewayAnswer;
      try {
        const res = await client.SendSms({
          PhoneNumberSet: [tencentPhone(msg.tel)],
          SmsSdkAppId: s.sdkAppId,
          SignName: s.signName,
          TemplateId: s.templateId,
          TemplateParamSet: templateValues(s.params, msg.code, msg.minutes).map((p) => p.value),
        });
        const st = res.SendStatusSet?.[0];
        answer = {
          accepted: st?.Code === 'Ok',
          code: st?.Code ?? 'NoSendStatus',
          message: st?.Message ?? 'no SendStatusSet in the answer',
          requestId: res.RequestId ?? null,
          messageId: st?.SerialNo ?? null,
        };
      } catch (err) {
        const e = err as { code?: string; message?: string; requestId?: string; httpCode?: number };
        answer = {
          accepted: false,
          // no code: the request never got an API answer (network, timeout, HTTP status)
          code: e.code || (e.httpCode ? `HTTP_${e.httpCode}` : 'NETWORK'),
          message: e.message ?? String(err),
          requestId: e.requestId || null,
          messageId: null,
        };
      }
      await recordSend(db, 'tencent', msg, answer, log);
      if (!answer.accepted) throw new SmsRefused(tencentRefusal(answer.code), answer.code, answer.message, answer.requestId);
    },
  };
}
