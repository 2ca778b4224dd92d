import type React from 'react';
import {
  AppOutline,
  BankcardOutline,
  CalendarOutline,
  CheckShieldOutline,
  FileOutline,
  PayCircleOutline,
  SoundOutline,
  TeamOutline,
  UnorderedListOutline,
  UserOutline,
} from 'antd-mobile-icons';

/** Tile icons by name (config says `icon: person`); an URL shows as an image, anything else as text. */
const ICONS: Record<string, React.ComponentType<{ fontSize?: number | string; color?: string }>> = {
  person: UserOutline,
  team: TeamOutline,
  orders: UnorderedListOutline,
  report: FileOutline,
  notice: SoundOutline,
  review: CheckShieldOutline,
  card: BankcardOutline,
  pay: PayCircleOutline,
  calendar: CalendarOutline,
  app: AppOutline,
};

export const TILE_ICON_NAMES = Object.keys(ICONS);

export function TileIcon({ icon }: { icon?: string }) {
  const size = 30;
  if (!icon) return <AppOutline fontSize={size} color="var(--adm-color-primary)" />;
  const Named = ICONS[icon];
  if (Named) return <Named fontSize={size} color="var(--adm-color-primary)" />;
  if (/^(https?:|data:|\/|\.)/.test(icon)) return <img src={icon} alt="" style={{ width: size, height: size, objectFit: 'contain' }} />;
  return <span style={{ fontSize: size - 6, lineHeight: `${size}px` }}>{icon}</span>;
}
