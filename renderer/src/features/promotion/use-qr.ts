import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code of a text as a PNG data URL ('' until drawn). */
export function useQrDataUrl(text: string): string {
  const [url, setUrl] = useState('');
  useEffect(() => {
    let live = true;
    if (!text) return;
    void QRCode.toDataURL(text, { margin: 2, width: 480, errorCorrectionLevel: 'M' }).then((u) => {
      if (live) setUrl(u);
    });
    return () => {
      live = false;
    };
  }, [text]);
  return url;
}

/** Saves a data URL as a file through the browser's download. */
export function downloadDataUrl(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
}
