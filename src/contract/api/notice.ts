/** Notices (GetNoticeInfo). */

export interface GetNoticeInfoReq { titleName?: string }
/** content is HTML (trusted, from the centre's notice table). */
export interface GetNoticeInfoRes { content: string; titleName: string }
