/**
 * The back office's capacity (issue 23): the calendars the examinee books on,
 * under /api/studio/capacity/. One calendar per scope: each personal type
 * ('P:person', 'P:staff', 'P:vehicle', 'P:healthCertificate'), the shared group
 * pool 'T:total' and 'T:<lnc_code>' for a company with its own calendar. Places
 * live on time slots; a day's places are the sum of its slots; `booked` is
 * total − surplus (held and paid bookings alike). The examinee's calls read the
 * same rows: a change shows on the phone at once.
 *
 * Reads are open to every signed-in admin; every change needs 运营 (403
 * otherwise), runs in one transaction and writes its audit entry. A change
 * that would leave a slot below what is booked changes nothing and answers
 * 409 CapacityRefusal: every offending day and slot with its count (the
 * `error` lists them too, one a line). 400 { error } for a malformed request,
 * 404 { error } for an unknown calendar.
 */

/** A calendar the studio offers, with its Chinese name (个人体检, 团体（共用）, 团体：<company>). */
export interface CapacityScopeInfo {
  scope: string;
  label: string;
}
// GET /api/studio/capacity/scopes → CapacityScopesRes
export interface CapacityScopesRes {
  scopes: CapacityScopeInfo[];
  /** The centre's day now (the server's clock): days before it are past and read-only. */
  today: string;
}

export interface CapacitySlot {
  /** The slot's code (sumtime_Code on the phone and in orders). */
  code: string;
  /** 'HH:MM-HH:MM'. */
  name: string;
  places: number;
  booked: number;
}

export interface CapacityDay {
  day: string;
  /** 'T': closed (the phone shows 休假, not bookable); 'F': open. */
  flag: 'F' | 'T';
  /** The closed day's name (国庆节) or ''. */
  note: string;
  /** Sum over the slots. */
  places: number;
  booked: number;
  slots: CapacitySlot[];
}

// GET /api/studio/capacity/month?scope=&month=YYYY-MM → CapacityMonthRes
// Only days the calendar has a row for; a missing day is not open (the phone shows it blank).
export interface CapacityMonthRes {
  scope: string;
  label: string;
  month: string;
  today: string;
  days: CapacityDay[];
}

// GET /api/studio/capacity/day?scope=&day=YYYY-MM-DD → CapacityDayRes (day null: no row yet)
export interface CapacityDayRes {
  scope: string;
  label: string;
  today: string;
  day: CapacityDay | null;
}

/** A slot as the admin sets it. Without a code, an existing slot of the same name keeps its code; a new one gets 'HHMM' of its start. */
export interface CapacitySlotDraft {
  code?: string;
  name: string;
  places: number;
}

// POST /api/studio/capacity/day → CapacityDayRes | 409 CapacityRefusal
// Replaces the day's slots: a listed slot is kept (matched by code, else by name) or added, an unlisted one removed.
export interface CapacityDaySaveReq {
  scope: string;
  day: string;
  slots: CapacitySlotDraft[];
}

// POST /api/studio/capacity/close → CapacityCloseRes | 409 CapacityCloseConfirm (bookings exist and keepBookings was not sent)
// Closed days stay closed for new bookings; bookings already made are kept (the admin is told how many).
export interface CapacityCloseReq {
  scopes: string[];
  from: string;
  to: string;
  /** The name shown in the studio, e.g. 国庆节 (may be ''). */
  note: string;
  /** Sent after the admin confirmed closing days that have bookings. */
  keepBookings?: boolean;
}
export interface CapacityCloseRes {
  /** Days closed (scopes × dates). */
  days: number;
  /** Bookings on those days, kept. */
  kept: number;
}
export interface CapacityBookedDay {
  scope: string;
  day: string;
  booked: number;
}
/** How a close refused for lack of confirmation ends its `error` (the page asks the admin, then sends keepBookings). */
export const CAPACITY_CONFIRM_CLOSE = '确认关闭？';
export interface CapacityCloseConfirm {
  error: string;
  needsConfirm: true;
  booked: CapacityBookedDay[];
}

// POST /api/studio/capacity/open { scopes, from, to } → { days }
export interface CapacityOpenReq {
  scopes: string[];
  from: string;
  to: string;
}
export interface CapacityOpenRes {
  days: number;
}

/** One group of a bulk rule: on these weekdays (0 = Sunday … 6 = Saturday), these slots. */
export interface CapacityRuleGroup {
  weekdays: number[];
  slots: CapacitySlotDraft[];
}
/** A bulk rule: every date from..to (at most CAPACITY_RULE_MAX_DAYS) whose weekday is in a group gets that group's slots (replacing its own); other dates are untouched. Closed days keep their slots' new places but stay closed. */
export interface CapacityRule {
  scope: string;
  from: string;
  to: string;
  groups: CapacityRuleGroup[];
}

/** A slot that would go below what is booked, or a booked slot the change would remove. */
export interface CapacityProblem {
  scope: string;
  day: string;
  code: string;
  name: string;
  booked: number;
  /** The places asked for (0 when the slot would be removed). */
  places: number;
  reason: string;
}
export interface CapacityRefusal {
  error: string;
  problems: CapacityProblem[];
}

export interface CapacityRulePreviewDay {
  day: string;
  /** Places and booked now; places after the rule. */
  placesBefore: number;
  booked: number;
  placesAfter: number;
  closed: boolean;
  /** No row yet: the rule opens the day. */
  isNew: boolean;
}

// POST /api/studio/capacity/rule/preview { rule } → CapacityRulePreviewRes (nothing written)
export interface CapacityRuleReq {
  rule: CapacityRule;
}
export interface CapacityRulePreviewRes {
  /** 将影响 N 天. */
  affected: number;
  days: CapacityRulePreviewDay[];
  /** What apply would refuse (empty: apply will go through unless bookings land meanwhile). */
  problems: CapacityProblem[];
  summary: string;
}

// POST /api/studio/capacity/rule/apply { rule } → CapacityRuleApplyRes | 409 CapacityRefusal (nothing applied)
export interface CapacityRuleApplyRes {
  affected: number;
  summary: string;
}
