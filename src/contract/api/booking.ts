/** The catalogue (packages, items, add-on items) and the calendars (days and slots, personal and group). */

export interface PackageCard {
  clus_Code: string;
  clus_Name: string;
  clus_Note: string;
  price: string;
  /** '1' male, '2' female, '3' either. */
  sex: '1' | '2' | '3';
  /** '2' = married-only. */
  marr_status: string;
  /** Detail tabs (introduction, notice) — HTML-free text. */
  intro: string;
  notice: string;
}
export interface SexLists {
  m: PackageCard[];
  w: PackageCard[];
}
export interface GetClusItemListBody {
  clus_type: '4';
}
export interface GetStaffClusItemBody {
  clus_type: '1';
}
export interface GetVehicleClusItemBody {
  clus_type: '6' | '5';
  sex?: '1' | '2' | '3';
}
export interface GetItemCombListBody {
  comb_code: string;
}
export interface PackageItem {
  comb_Code: string;
  comb_code: string;
  comb_Name: string;
  comb_Price: string;
  note: string;
}
export interface AddClusItemBody {
  code: string;
}
export interface AddItemNode {
  comb_code: string;
  comb_name: string;
  price: string;
  clus_code: string;
  id: string;
  text: string;
  note: string;
}
export interface AddItemCategory {
  id: string;
  text: string;
  children: AddItemNode[];
}
/** AddClusItem returnData is JSON text of AddItemCategory[]. GetAddClusItemList returnData: */
export type OnsiteOnlyList = Array<{ comb_code: string; comb_name: string }>;

export interface GetPersonSumListBody {
  /** Order type (person, vehicle, …) or clus_type code ('4','1','6','5'). */
  type: string;
  start: string;
  end: string;
  hospCode?: string;
}
export interface PersonDay {
  person_Date: string;
  /** 'T' holiday, 'F' working day. */
  person_Flag: string;
  person_Sum: number;
  person_Surplus: number;
}
export interface GetSumTimeListBody {
  date_Time: string;
  type: string;
}
export interface PersonSlot {
  sumtime_Name: string;
  sumtime_Code: string;
  person_Surplus: number;
}
export interface GetTeamSumListBody {
  lnccode: string;
  start: string;
  end: string;
  hospCode?: string;
}
export interface TeamDay {
  team_Date: string;
  team_Flag: string;
  /** 'total' when the company books from the shared pool, else its lnc_code. */
  spType: string;
  team_Sum: number;
  team_Surplus: number;
  /** 星期一 … 星期日 */
  week: string;
}
export interface GetTeamSumTimeListBody {
  date_Time: string;
  lnccode: string;
}
export interface TeamSlot {
  sumtime_Name: string;
  sumtime_Code: string;
  team_Surplus: number;
}
