import { lazy, Suspense, type ComponentType } from 'react';
import { AppOutline, BankcardOutline, CheckShieldOutline, FileOutline, SoundOutline, TeamOutline, UnorderedListOutline, UserOutline } from 'antd-mobile-icons';

type IconProps = { fontSize?: number | string; color?: string };

/** The icons of the shipped home page (flows/home.yaml; review and card on staff accounts), in the menu kind's chunk. */
const ICONS: Record<string, ComponentType<IconProps>> = {
  person: UserOutline,
  team: TeamOutline,
  orders: UnorderedListOutline,
  report: FileOutline,
  notice: SoundOutline,
  review: CheckShieldOutline,
  card: BankcardOutline,
  app: AppOutline,
};

/** The other named icons load on first use. */
const MORE_NAMES = ['pay', 'calendar'] as const;
const more: Record<string, ComponentType<IconProps>> = Object.fromEntries(
  MORE_NAMES.map((n) => [n, lazy(() => import('./tile-icons-more').then((m) => ({ default: m.MORE_ICONS[n] as ComponentType<IconProps> })))]),
);

export const TILE_ICON_NAMES = [...Object.keys(ICONS), ...MORE_NAMES];

/** Tile icons by name (config says `icon: person`); an URL shows as an image, anything else as text. */
export function TileIcon({ icon }: { icon?: string }) {
  const size = 30;
  if (!icon) return <AppOutline fontSize={size} color="var(--adm-color-primary)" />;
  const Named = Object.hasOwn(ICONS, icon) ? ICONS[icon] : undefined;
  if (Named) return <Named fontSize={size} color="var(--adm-color-primary)" />;
  const Later = Object.hasOwn(more, icon) ? more[icon] : undefined;
  if (Later)
    return (
      <Suspense fallback={<span style={{ display: 'inline-block', width: size, height: size }} />}>
        <Later fontSize={size} color="var(--adm-color-primary)" />
      </Suspense>
    );
  if (/^(https?:|data:|\/|\.)/.test(icon)) return <img src={icon} alt="" style={{ width: size, height: size, objectFit: 'contain' }} />;
  return <span style={{ fontSize: size - 6, lineHeight: `${size}px` }}>{icon}</span>;
}
