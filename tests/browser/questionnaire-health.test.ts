/**
 * Health questionnaire (ordinaryQs) in the browser. Not written within the
 * session's time; the server side of the same messages is covered by
 * tests/server/questionnaires-flow.test.ts and the schema order by
 * tests/unit/form-schemas.test.ts.
 */
import { describe, it } from 'vitest';

describe('health questionnaire', () => {
  it.todo('each message on submit: 请完整填写问卷信息, 请填写手术名称, 请填写药物名称, 请填写吸烟数量和年限 (time ran out)');
  it.todo('routing after save by session.type: group/vehicle/staff/healthCertificate/other (time ran out; needs session.type set through the home flows)');
  it.todo('config copy: add a section and change a message — the form follows; an answer saved before still views as answered (server side: tests/server/questionnaires-versions.test.ts)');
});
