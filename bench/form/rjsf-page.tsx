import RjsfForm from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import type { RJSFSchema } from '@rjsf/utils';
import { benchSchema, rjsfUiSchema } from './bench-schema';

const schema = benchSchema(130) as RJSFSchema;
const uiSchema = rjsfUiSchema(schema as Record<string, unknown>);
const noop = () => undefined;

/** `?impl=rjsf`: plain rjsf, default theme, liveValidate off (its default). */
export function Page() {
  return <RjsfForm schema={schema} uiSchema={uiSchema} validator={validator} onChange={noop} />;
}
