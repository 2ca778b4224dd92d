/**
 * Home banners. First paint shows the first banner as a plain image; the
 * carousel (Swiper with @use-gesture and react-spring, ≈35 kB gzip) loads a
 * second before the first autoplay step (or on the first touch) and takes over,
 * so the slides still change every `interval` ms from first paint.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerImage } from './BannerImage';

const BannerSwiper = lazy(() => import('./BannerSwiper'));

/** How long before the first slide change the carousel code is fetched. */
const LEAD_MS = 1000;

export function Banners({ banners, interval }: { banners: string[]; interval: number }) {
  const single = banners.length < 2;
  const [advanceAt] = useState(() => (interval > 0 ? Date.now() + interval : 0));
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (single || live) return;
    const t = setTimeout(() => setLive(true), Math.max(0, (interval > 0 ? interval : 3000) - LEAD_MS));
    return () => clearTimeout(t);
  }, [single, live, interval]);
  const first = <BannerImage src={banners[0]} onPress={() => setLive(true)} />;
  if (single || !live) return <div className="cf-banners">{first}</div>;
  return (
    <div className="cf-banners">
      <Suspense fallback={first}>
        <BannerSwiper banners={banners} interval={interval} advanceAt={advanceAt > Date.now() ? advanceAt : undefined} />
      </Suspense>
    </div>
  );
}
