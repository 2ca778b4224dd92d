/**
 * The formats known to the shared Ajv (src/engine/schema/ajv.ts): ajv-formats'
 * full set plus `idcard` (GB 11643) and `phone`. Browser-safe, plain data and
 * functions: pre-compiled (standalone) validators import this module, so the
 * app never compiles a schema at run time (index.html's CSP forbids eval).
 */
import { fullFormats } from 'ajv-formats/dist/formats';
import type { Format } from 'ajv';
import { isIdCard } from '../../contract/rules/idcard';
import { isPhone } from '../../contract/rules/phone';

export const customFormats: Record<string, Format> = {
  idcard: { type: 'string', validate: (s: string) => isIdCard(s) },
  phone: { type: 'string', validate: (s: string) => isPhone(s) },
};

export const formats: Record<string, Format> = { ...(fullFormats as Record<string, Format>), ...customFormats };
