/** Tile icons the shipped home page does not use: a chunk of their own (tile-icons.tsx loads it on demand). */
import { CalendarOutline, PayCircleOutline } from 'antd-mobile-icons';

export const MORE_ICONS = {
  pay: PayCircleOutline,
  calendar: CalendarOutline,
};
