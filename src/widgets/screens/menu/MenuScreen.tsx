import { Grid, List } from 'antd-mobile';
import type { ScreenProps } from '../types';
import { PageLayout } from '../../common/PageLayout';
import { resolveCondition } from '../../common/condition';
import { useBusy } from '../../common/use-busy';
import { asArray, asNumber, asText } from '../../common/values';
import { TileIcon } from './tile-icons';
import { Banners } from './Banners';

export interface MenuProps {
  banners?: unknown;
  autoplay?: number;
  info?: Array<{ label?: string; value?: unknown }>;
  tiles?: Array<{ text?: string; icon?: string; event?: string; visibleIf?: unknown }>;
  columns?: number;
}

/** Home: banner carousel, info lines (address, phone), a grid of tiles. */
export default function MenuScreen({ props, emit, evalItem, title }: ScreenProps<MenuProps>) {
  const [, guard] = useBusy();
  const banners = asArray(props.banners).filter((b): b is string => typeof b === 'string' && b !== '');
  const interval = asNumber(props.autoplay, 5000); // spec: carousel autoplay 5000 ms
  const tiles = (props.tiles ?? []).filter((t) => resolveCondition(t.visibleIf, evalItem));
  const info = props.info ?? [];
  return (
    <PageLayout title={title}>
      {banners.length ? <Banners banners={banners} interval={interval} /> : null}
      {info.length ? (
        <List>
          {info.map((l, i) => (
            <List.Item key={i} prefix={<span style={{ color: 'var(--adm-color-weak)', fontSize: 14 }}>{asText(l.label)}</span>}>
              <span style={{ fontSize: 14 }}>{asText(l.value)}</span>
            </List.Item>
          ))}
        </List>
      ) : null}
      <Grid columns={asNumber(props.columns, 3)} gap={1} style={{ marginTop: 10, background: 'var(--adm-color-border)' }}>
        {tiles.map((t, i) => (
          <Grid.Item key={i}>
            <button
              type="button"
              onClick={() => t.event && guard(() => emit(t.event!))}
              style={{ width: '100%', minHeight: 96, margin: 0, padding: '8px 4px', border: 0, borderRadius: 0, background: '#fff', color: 'inherit', font: 'inherit', cursor: 'pointer', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8 }}
            >
              <TileIcon icon={t.icon} />
              <span style={{ fontSize: 14 }}>{asText(t.text)}</span>
            </button>
          </Grid.Item>
        ))}
      </Grid>
    </PageLayout>
  );
}
