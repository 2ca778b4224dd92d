/** Demo notice text (体检须知). */
import type { Queryable } from '../db/types';

export const NOTICE_HTML = `<h3>体检须知</h3>
<ol>
<li><b>预约时间：</b>请至少提前1天预约体检；如需取消，请于体检前一天16:30前在“我的预约”中撤销订单，逾期无法线上取消。</li>
<li><b>空腹要求：</b>体检前一天晚餐清淡、勿饮酒，晚上10点后禁食（可少量饮水）；抽血、腹部B超须在空腹状态下进行，请于上午10:30前完成。</li>
<li><b>证件：</b>请携带本人有效身份证件原件到前台登记，团检人员请同时告知单位名称。</li>
<li><b>慢性病患者：</b>高血压、心脏病患者请照常服药；糖尿病患者请携带降糖药，抽血后及时进食。</li>
<li><b>女性：</b>月经期间请勿做妇科检查及尿液检查，可待经期结束后3-5天补检；怀孕或可能怀孕者请勿做X线检查，并提前告知医生。</li>
<li><b>着装：</b>请穿着宽松、便于穿脱的衣物，勿佩戴金属饰品，勿穿连衣裙、连裤袜。</li>
<li><b>膀胱充盈：</b>做子宫、附件、前列腺B超前需憋尿，请在医生指导下适量饮水。</li>
<li><b>报告领取：</b>体检报告一般于5个工作日后可在“我的报告”中通过手机验证码查询。</li>
</ol>
<p>如有疑问，请致电体检中心咨询。祝您健康！</p>`;

export async function seedNotice(db: Queryable, now: number): Promise<void> {
  await db.run(`INSERT INTO notice_texts (title_name, content, updated_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, ['体检须知', NOTICE_HTML, now]);
}
