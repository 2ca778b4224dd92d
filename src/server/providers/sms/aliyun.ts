/**
 * Aliyun 短信服务 (Dysmsapi 2017-05-25 SendSms) through the official SDK,
 * @alicloud/dysmsapi20170525, which signs with ACS3-HMAC-SHA256. A refusal
 * comes back as a 200 answer whose Code is not "OK" (isv.BUSINESS_LIMIT_CONTROL…);
 * a request refused outright (a bad signature or key) as an HTTP error the SDK
 * throws with its `code`. Both end as SmsRefused.
 */
import * as dysmsapi from '@alicloud/dysmsapi20170525';
import { templateValues, type AliyunSettings } from './params';
import { aliyunRefusal, SmsRefused } from './refusals';
import { recordSend, type GatewayAnswer } from './record';
import type { SmsLog, SmsProvider } from './types';

type DysmsClient = typeof dysmsapi.default;
// A CommonJS module with `exports.default`: under Node's ESM loader the default import is the
// whole module object, under a bundler's interop the class itself.
const Client: DysmsClient = (typeof dysmsapi.default === 'function' ? dysmsapi.default : (dysmsapi.default as unknown as { default: DysmsClient }).default);

/** Milliseconds: the examinee is waiting on the same request. */
const CONNECT_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;

export function createAliyunSmsProvider(s: AliyunSettings, log: SmsLog): SmsProvider {
  const client = new Client({
    accessKeyId: s.accessKeyId,
    accessKeySecret: s.accessKeySecret,
    endpoint: s.endpoint.host,
    protocol: s.endpoint.protocol,
    connectTimeout: CONNECT_TIMEOUT_MS,
    readTimeout: READ_TIMEOUT_MS,
  } as ConstructorParameters<DysmsClient>[0]);
  return {
    name: 'aliyun',
    async send(db, msg) {
      let answer: GatewayAnswer;
      try {
        const param = Object.fromEntries(templateValues(s.params, msg.code, msg.minutes).map((p) => [p.name, p.value]));
        const res = await client.sendSms(
          new dysmsapi.SendSmsRequest({
            // mainland numbers as 11 digits, no +86
            phoneNumbers: msg.tel.replace(/^\+86/, ''),
            signName: s.signName,
            templateCode: s.templateId,
            templateParam: JSON.stringify(param),
          }),
        );
        const b = res.body;
        answer = { accepted: b?.code === 'OK', code: b?.code ?? 'NoBody', message: b?.message ?? '', requestId: b?.requestId ?? null, messageId: b?.bizId ?? null };
      } catch (err) {
        const e = err as { code?: string; message?: string; statusCode?: number; data?: { Message?: string; RequestId?: string } };
        answer = {
          accepted: false,
          code: e.code && e.code !== 'undefined' ? e.code : e.statusCode ? `HTTP_${e.statusCode}` : 'NETWORK',
          message: e.data?.Message ?? e.message ?? String(err),
          requestId: e.data?.RequestId ?? null,
          messageId: null,
        };
      }
      await recordSend(db, 'aliyun', msg, answer, log);
      if (!answer.accepted) throw new SmsRefused(aliyunRefusal(answer.code), answer.code, answer.message, answer.requestId);
    },
  };
}
