/** Approvals: the director's passcode, free exams and token cards. */

export interface VerifyDirectorReviewPwdReq { id: number | string; pwd: string }
/** Truthy on success: send `token` in header x-approver-token (APPROVER_TOKEN_HEADER). */
export interface VerifyDirectorReviewPwdRes { token: string; expires_in: number; name: string }

export type FreePersonIsPay = 'F' | 'T' | '0';
export interface FreePerson {
  regNo: string; patName: string; position: string; party: string; idcard: string; tel: string;
  addr: string; lncName: string; amt: string; Sqdate: string; isPay: FreePersonIsPay;
}
/** returnData: JSON text of FreePerson[] (pending first). */
export type GetFreePersonRes = string;
export interface UpdateFreePersonStateReq { regno: string; status: '1' | '0'; kw?: string; startDate?: string }
export interface UpdateFreePersonStateRes { regNo: string; isPay: FreePersonIsPay; approver: string }

export type CardStatus = '0' | '1' | '2';
export interface TokenCard { card_no: string; name: string; par_value: string; oper: string; ddrq: string; status: CardStatus }
/** returnData: JSON text of TokenCard[] (pending first). */
export type GetCardPersonRes = string;
export interface UpdateCardPersonReq { idCard: string; name?: string; status: 'T' | 'F' }
export interface UpdateCardPersonRes { card_no: string; status: CardStatus; approver: string }
