/** The home carousel (antd-mobile Swiper: @use-gesture + react-spring), loaded by Banners after first paint. */
import { useEffect, useRef } from 'react';
import { Swiper, type SwiperRef } from 'antd-mobile';
import { BannerImage } from './BannerImage';

export default function BannerSwiper({ banners, interval, advanceAt }: { banners: string[]; interval: number; advanceAt?: number }) {
  const ref = useRef<SwiperRef>(null);
  // Keeps the first slide change where the static first banner's clock put it.
  useEffect(() => {
    if (!advanceAt || banners.length < 2) return;
    const t = setTimeout(() => ref.current?.swipeNext(), Math.max(0, advanceAt - Date.now()));
    return () => clearTimeout(t);
  }, [advanceAt, banners.length]);
  return (
    <Swiper ref={ref} autoplay={interval > 0} autoplayInterval={interval > 0 ? interval : undefined} loop={banners.length > 1}>
      {banners.map((src, i) => (
        <Swiper.Item key={i}>
          <BannerImage src={src} />
        </Swiper.Item>
      ))}
    </Swiper>
  );
}
