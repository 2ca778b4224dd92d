/** GetNoticeInfo {titleName} → {content, titleName}: HTML notice text from notice_texts (falls back to 体检须知). */
import type { FastifyInstance } from 'fastify';
import { ApiError, defineCall } from '../../plugins/call';
import type { GetNoticeInfoReq, GetNoticeInfoRes } from '../../../contract/api/notice';

export const DEFAULT_NOTICE_TITLE = '体检须知';

export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  defineCall<GetNoticeInfoReq>(app, 'GetNoticeInfo', {
    handler: async (body): Promise<GetNoticeInfoRes> => {
      const title = body.titleName?.trim() || DEFAULT_NOTICE_TITLE;
      const row =
        (await app.deps.db.one<{ title_name: string; content: string }>(`SELECT title_name, content FROM notice_texts WHERE title_name = $1`, [title])) ??
        (await app.deps.db.one<{ title_name: string; content: string }>(`SELECT title_name, content FROM notice_texts WHERE title_name = $1`, [DEFAULT_NOTICE_TITLE]));
      if (!row) throw new ApiError('暂无须知内容');
      return { content: row.content, titleName: row.title_name };
    },
  });
}
