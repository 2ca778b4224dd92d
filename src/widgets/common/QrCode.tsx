import { QRCodeSVG } from 'qrcode.react';

/**
 * A QR code of a link (the cloud-film image of a report). A relative link is made
 * absolute against the page, since the phone that scans it is not on this page.
 * Loaded on its own (DetailScreen imports it lazily): only a route that shows one pays for it.
 */
export default function QrCode({ value, caption, size = 180 }: { value: string; caption?: string; size?: number }) {
  let link = value;
  try {
    link = new URL(value, window.location.href).href;
  } catch {
    /* leave as given */
  }
  return (
    <figure style={{ margin: 0, background: '#fff', textAlign: 'center', padding: 16 }} data-qr={link}>
      <QRCodeSVG value={link} size={size} level="M" marginSize={2} role="img" aria-label={caption || '二维码'} />
      {caption ? <figcaption style={{ fontSize: 14, color: '#555', marginTop: 6 }}>{caption}</figcaption> : null}
    </figure>
  );
}
