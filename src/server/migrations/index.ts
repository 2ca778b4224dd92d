/**
 * Every migration, in order. A static list (not a directory scan) so the
 * compiled server carries them; tests/unit/server-migrations-listed.test.ts
 * fails when a file here is missing from the list.
 */
import type { Migration } from '../db/types';
import * as m001 from './001_core';
import * as m010 from './010_regno_grants';
import * as m050 from './050_after_booking';
import * as m060 from './060_questionnaire_schema_versions';
import * as m070 from './070_abuse_quotas';
import * as m071 from './071_payment_anomalies';
import * as m072 from './072_item_sex';
import * as m073 from './073_questionnaire_scores';
import * as m074 from './074_studio';
import * as m075 from './075_studio_admin_activity';
import * as m076 from './076_wechat_pay_v3';
import * as m077 from './077_wechat_tokens';
import * as m078 from './078_sms_gateway';
import * as m079 from './079_back_office';
import * as m080 from './080_catalogue';
import * as m081 from './081_capacity';
import * as m082 from './082_groups';
import * as m083 from './083_report_push';
import * as m084 from './084_operations';

export const MIGRATIONS: Migration[] = [
  { id: '001_core', up: m001.up },
  { id: '010_regno_grants', up: m010.up },
  { id: '050_after_booking', up: m050.up },
  { id: '060_questionnaire_schema_versions', up: m060.up },
  { id: '070_abuse_quotas', up: m070.up },
  { id: '071_payment_anomalies', up: m071.up },
  { id: '072_item_sex', up: m072.up },
  { id: '073_questionnaire_scores', up: m073.up },
  { id: '074_studio', up: m074.up },
  { id: '075_studio_admin_activity', up: m075.up },
  { id: '076_wechat_pay_v3', up: m076.up },
  { id: '077_wechat_tokens', up: m077.up },
  { id: '078_sms_gateway', up: m078.up },
  { id: '079_back_office', up: m079.up },
  { id: '080_catalogue', up: m080.up },
  { id: '081_capacity', up: m081.up },
  { id: '082_groups', up: m082.up },
  { id: '083_report_push', up: m083.up },
  { id: '084_operations', up: m084.up },
];
