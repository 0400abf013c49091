/**
 * A file sent as the raw body of a call that takes one (`upload` in its shared definition), with
 * progress: fetch reports no upload progress over HTTP/1.1, so this one request goes through
 * XMLHttpRequest. It answers a Response, so the transport reads the envelope as for any call.
 */
export function xhrUpload(
  url: string,
  headers: Headers,
  file: Blob,
  o: {
    timeoutMs: number | false;
    signal?: AbortSignal | undefined;
    onProgress?: ((sent: number, total: number) => void) | undefined;
  },
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    headers.forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    if (o.timeoutMs) xhr.timeout = o.timeoutMs;
    xhr.upload.onprogress = (e) => o.onProgress?.(e.loaded, e.lengthComputable ? e.total : file.size);
    const failWith = (name: string) => () => reject(Object.assign(new Error(name), { name }));
    xhr.onerror = failWith('NetworkError');
    xhr.ontimeout = failWith('TimeoutError');
    xhr.onabort = failWith('AbortError');
    o.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () =>
      resolve(
        new Response(xhr.responseText, {
          status: xhr.status,
          headers: { 'content-type': xhr.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    xhr.send(file);
  });
}
