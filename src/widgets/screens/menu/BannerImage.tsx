/** One home banner image, shared by the first paint (Banners) and the carousel (BannerSwiper). */
import type { CSSProperties } from 'react';

// The banners' own shape (750 × 360): the whole picture at every phone width, never cropped at the sides.
const bannerStyle: CSSProperties = { display: 'block', width: '100%', height: 'auto', aspectRatio: '750 / 360', objectFit: 'cover' };

/** One banner: a cover-fitted image on a grey ground (a missing image leaves the ground, not a broken icon). */
export function BannerImage({ src, onPress }: { src: string; onPress?: () => void }) {
  return (
    <div style={{ background: 'var(--adm-color-fill-content, #f5f5f5)' }} onTouchStart={onPress} onPointerDown={onPress}>
      <img
        src={src}
        alt=""
        style={bannerStyle}
        onError={(e) => {
          e.currentTarget.style.visibility = 'hidden';
        }}
      />
    </div>
  );
}
