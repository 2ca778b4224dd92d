/** 下载平台证书 (GET /v3/certificates): every platform certificate, encrypted with the APIv3 key. */
import type { RouteAnswer } from './answers.ts';
import { aeadEncrypt, aeadNonce } from './aead.ts';
import { rfc3339, type DoubleContext } from './context.ts';

export function listCertificates(ctx: DoubleContext): RouteAnswer {
  const data = ctx.platforms.map((p) => {
    const nonce = aeadNonce();
    return {
      serial_no: p.serial,
      effective_time: rfc3339(p.effectiveTime.getTime()),
      expire_time: rfc3339(p.expireTime.getTime()),
      encrypt_certificate: {
        algorithm: 'AEAD_AES_256_GCM',
        nonce,
        associated_data: 'certificate',
        ciphertext: aeadEncrypt(ctx.opts.apiV3Key, nonce, 'certificate', p.certificatePem),
      },
    };
  });
  return { status: 200, body: { data } };
}
