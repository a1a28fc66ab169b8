import { useEffect, useRef } from 'react';
import QRCode from 'qrcode';

/** A QR code drawn on a canvas in the page (no image URL: nothing leaves the browser, and the CSP needs no `data:`). */
export function QrCode({ text, size = 200, label }: { text: string; size?: number; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (ref.current) void QRCode.toCanvas(ref.current, text, { width: size, margin: 1, errorCorrectionLevel: 'M' });
  }, [text, size]);
  return <canvas ref={ref} width={size} height={size} role="img" aria-label={label} data-testid="totp-qr" />;
}
