/**
 * The personal journey for the other three types, against the real server and
 * flows: 健康证体检 (questionnaire as a married woman: 婚育史 and the female
 * section appear; order form 健康证类型 + 职业), 驾驶证体检 (direct, with extra
 * items), 入职体检 (questionnaire, tabs 男/女, extra items). One app + browser.
 */
import { describe, expect, it } from 'vitest';
import {
  clickText,
  closeAlert,
  fillOrder,
  freshId,
  freshPhone,
  hashPath,
  login,
  pay,
  pickOption,
  shot,
  submitOrderMessage,
  submitValid,
  visibleText,
  waitRoute,
  waitText,
  walkToOrder,
  journeyApp,
  type Shots,
} from './helpers/journey';

const screenshots: string[] = [];
const shots = (prefix: string): Shots => ({ prefix, taken: screenshots });

const j = journeyApp('types');

describe('journey: the other personal types', () => {
  it('健康证体检: questionnaire (已婚, 女), 健康证类型 and 职业 required, success, 确认支付', async () => {
    const { page } = j.phone;
    const s = shots('healthCertificate');
    const { titles } = await walkToOrder(page, s, {
      type: '健康证体检',
      marital: '已婚',
      questionnaire: { sex: '女', hyzk: '已婚' },
      pkg: '食品从业人员健康证体检',
    });
    expect(titles).toContain('您的结婚年龄是？'); // 婚育史: not unmarried
    expect(titles).toContain('您的初潮年龄是？'); // female section
    expect(hashPath(page)).toBe('/PersonOrders');
    const text = await visibleText(page);
    expect(text).toContain('健康证类型');
    for (const t of ['食品', '非食品', '服务', '其他']) expect(text).toContain(t);
    expect(text).toContain('职业');
    const id = freshId('female');
    await fillOrder(page, { name: '赵敏', idCard: id, tel: freshPhone() });
    expect(await submitOrderMessage(page)).toBe('请输入健康证类型');
    await clickText(page, '食品');
    expect(await submitOrderMessage(page)).toBe('请输入职业');
    await shot(page, s, 'order-job-required');
    await pickOption(page, '职业', '厨师');
    await shot(page, s, 'order-hc-filled');
    const pageText = await submitValid(page, s, { name: '赵敏', idCard: id, tel: freshPhone() });
    expect(pageText).toContain('食品从业人员健康证体检');
    expect(pageText).toMatch(/订单金额\s*¥80\.00/);
    expect(await pay(page, s, '确认支付')).toBe('支付成功');
    await closeAlert(page);
    await waitRoute(page, '/Index');
  });

  it('驾驶证体检: direct, with extra items, 确认支付', async () => {
    const { page } = j.phone;
    const s = shots('vehicle');
    await walkToOrder(page, s, { type: '驾驶证体检', marital: '未婚', pkg: '机动车驾驶人体检（初领）', extras: ['眼底照相', '眼压测定'] });
    const order = await visibleText(page);
    expect(order).toContain('眼底照相、眼压测定');
    expect(order).toMatch(/合计金额\s*¥150\.00/);
    const text = await submitValid(page, s, { name: '周杰', idCard: freshId('male'), tel: freshPhone() });
    expect(text).toMatch(/订单金额\s*¥150\.00/);
    expect(text).toMatch(/加项金额\s*¥90\.00/);
    expect(await pay(page, s, '确认支付')).toBe('支付成功');
    await closeAlert(page);
    await waitRoute(page, '/Index');
  });

  it('入职体检: questionnaire (未婚, 男), tabs 男/女, extra items, 取消支付', async () => {
    const { page } = j.phone;
    const s = shots('staff');
    const { titles } = await walkToOrder(page, s, {
      type: '入职体检',
      marital: '未婚',
      questionnaire: { sex: '男', hyzk: '未婚' },
      tab: '女',
      pkg: '入职体检套餐（女）',
      extras: ['眼底照相'],
    });
    expect(titles).not.toContain('您的结婚年龄是？');
    expect(titles).not.toContain('您的初潮年龄是？');
    // the 女 tab lists the female and the either-sex packages, not the male one
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await waitRoute(page, '/StaffIndex');
    await waitText(page, '入职体检加强套餐');
    await clickText(page, '男');
    await waitText(page, '入职体检套餐（男）');
    expect(await visibleText(page)).not.toContain('入职体检套餐（女）');
    await shot(page, s, 'list-male');
    await clickText(page, '女');
    await waitText(page, '入职体检套餐（女）');
    expect(await visibleText(page)).not.toContain('入职体检套餐（男）');
    await shot(page, s, 'list-female');
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await waitRoute(page, '/PersonOrders');
    await waitText(page, '提交预约');
    expect(await visibleText(page)).toContain('眼底照相');
    const text = await submitValid(page, s, { name: '孙丽', idCard: freshId('female'), tel: freshPhone() });
    expect(text).toMatch(/订单金额\s*¥210\.00/);
    expect(await pay(page, s, '取消支付')).toBe('取消支付');
    await closeAlert(page);
    await waitRoute(page, '/Index');
  });

  it('健康证体检: direct, with extra items, 非食品', async () => {
    const { page } = j.phone;
    const s = shots('healthCertificate-direct');
    await walkToOrder(page, s, { type: '健康证体检', marital: '未婚', pkg: '公共场所从业人员健康证体检', extras: ['眼压测定'] });
    await clickText(page, '非食品');
    await pickOption(page, '职业', '厨师');
    const text = await submitValid(page, s, { name: '钱进', idCard: freshId('male'), tel: freshPhone() });
    expect(text).toMatch(/订单金额\s*¥100\.00/);
    expect(text).toMatch(/加项金额\s*¥30\.00/);
    await clickText(page, '返回首页');
    await waitRoute(page, '/Index');
  });

  it('驾驶证体检: questionnaire (未婚, 女), no extra items', async () => {
    const { page } = j.phone;
    const s = shots('vehicle-questionnaire');
    const { titles } = await walkToOrder(page, s, { type: '驾驶证体检', marital: '未婚', questionnaire: { sex: '女', hyzk: '未婚' }, pkg: '驾驶证换证体检' });
    expect(titles).toContain('您的初潮年龄是？');
    expect(titles).not.toContain('您的结婚年龄是？');
    expect(await visibleText(page)).toMatch(/加项\s*无/);
    const text = await submitValid(page, s, { name: '吴倩', idCard: freshId('female'), tel: freshPhone() });
    expect(text).toMatch(/订单金额\s*¥60\.00/);
    await clickText(page, '返回首页');
    await waitRoute(page, '/Index');
  });

  it('入职体检: direct, no extra items, either-sex package', async () => {
    const { page } = j.phone;
    const s = shots('staff-direct');
    await walkToOrder(page, s, { type: '入职体检', marital: '已婚', pkg: '入职体检加强套餐' });
    const text = await submitValid(page, s, { name: '郑和', idCard: freshId('male'), tel: freshPhone() });
    expect(text).toMatch(/订单金额\s*¥260\.00/);
    await clickText(page, '返回首页');
    await waitRoute(page, '/Index');
  });
});
