/** Booking calls: the catalogue (packages, items, add-on items) and the calendars (days and time slots, personal and group). */
import dayjs from 'dayjs';
import type { FastifyInstance } from 'fastify';
import { ApiError, defineCall } from '../../plugins/call';
import { addItemTree, getPackage, listPackages, onsiteOnlyItems, packageItems } from '../../services/booking/catalog';
import { PERSON_TYPES, listDays, listSlots, personTypeOf, teamScope, weekOf } from '../../services/booking/calendar';
import { MSG, releaseExpiredLazy } from '../../services/orders';
import type { GetPersonSumListBody, GetSumTimeListBody, GetTeamSumListBody, GetTeamSumTimeListBody, PersonDay, PersonSlot, TeamDay, TeamSlot } from '../../../contract/api/booking';

const MAX_RANGE_DAYS = 120;

function range(start: string, end: string): [string, string] {
  const s = dayjs(start);
  const e = dayjs(end);
  if (!s.isValid() || !e.isValid() || e.isBefore(s)) throw new ApiError('日期范围错误');
  if (e.diff(s, 'day') > MAX_RANGE_DAYS) throw new ApiError('日期范围过大');
  return [s.format('YYYY-MM-DD'), e.format('YYYY-MM-DD')];
}

export async function bookingRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.deps;
  const { db } = deps;

  const sexLists = async (clusType: string) => ({ m: await listPackages(db, clusType, 1), w: await listPackages(db, clusType, 2) });
  defineCall(app, 'GetClusItemList', { handler: async (b: { clus_type: string }) => sexLists(b.clus_type) });
  defineCall(app, 'GetStaffClusItem', { handler: async (b: { clus_type: string }) => sexLists(b.clus_type) });
  defineCall(app, 'GetVehicleClusItem', {
    handler: async (b: { clus_type: string; sex?: string }) => listPackages(db, b.clus_type, Number(b.sex ?? 3)),
  });
  defineCall(app, 'GetItemCombList', {
    handler: async (b: { comb_code: string }) => {
      const items = await packageItems(db, b.comb_code);
      if (items.length === 0) throw new ApiError('暂无项目数据');
      return items;
    },
  });
  defineCall(app, 'AddClusItem', {
    handler: async (b: { code: string }) => {
      if (!(await getPackage(db, b.code))) throw new ApiError(MSG.packageMissing);
      return JSON.stringify(await addItemTree(db, b.code));
    },
  });
  defineCall(app, 'GetAddClusItemList', { handler: async () => onsiteOnlyItems(db) });

  defineCall(app, 'GetPersonSumList', {
    handler: async (b: GetPersonSumListBody): Promise<PersonDay[]> => {
      const t = personTypeOf(b.type);
      if (!t) throw new ApiError('体检类型错误');
      const [s, e] = range(b.start, b.end);
      await releaseExpiredLazy(deps);
      return (await listDays(db, PERSON_TYPES[t].scope, s, e)).map((d) => ({
        person_Date: d.day,
        person_Flag: d.flag,
        person_Sum: Number(d.total),
        person_Surplus: Number(d.surplus),
      }));
    },
  });
  defineCall(app, 'GetSumTimeList', {
    handler: async (b: GetSumTimeListBody): Promise<PersonSlot[]> => {
      const t = personTypeOf(b.type);
      if (!t) throw new ApiError('体检类型错误');
      await releaseExpiredLazy(deps);
      return (await listSlots(db, PERSON_TYPES[t].scope, b.date_Time)).map((s) => ({
        sumtime_Name: s.name,
        sumtime_Code: s.code,
        person_Surplus: Number(s.surplus),
      }));
    },
  });
  defineCall(app, 'GetTeamSumList', {
    handler: async (b: GetTeamSumListBody): Promise<TeamDay[]> => {
      const [s, e] = range(b.start, b.end);
      const { scope, spType } = await teamScope(db, b.lnccode);
      await releaseExpiredLazy(deps);
      return (await listDays(db, scope, s, e)).map((d) => ({
        team_Date: d.day,
        team_Flag: d.flag,
        spType,
        team_Sum: Number(d.total),
        team_Surplus: Number(d.surplus),
        week: weekOf(d.day),
      }));
    },
  });
  defineCall(app, 'GetTeamSumTimeList', {
    handler: async (b: GetTeamSumTimeListBody): Promise<TeamSlot[]> => {
      const { scope } = await teamScope(db, b.lnccode);
      await releaseExpiredLazy(deps);
      return (await listSlots(db, scope, b.date_Time)).map((s) => ({ sumtime_Name: s.name, sumtime_Code: s.code, team_Surplus: Number(s.surplus) }));
    },
  });
}
