import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/**
 * The site the runner's tests drive: a sign-in, a form that echoes what it got, a list, a button
 * that fetches /api/ping, and a JSON endpoint for httpRequest.
 */
export async function startRpaSite() {
  const posted: Array<Record<string, string>> = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let body = '';
    for await (const chunk of req) body += chunk;
    const form = Object.fromEntries(new URLSearchParams(body));
    const signedIn = /session=ok/.test(req.headers.cookie ?? '');
    const html = (s: string) => res.writeHead(200, { 'content-type': 'text/html' }).end(s);
    switch (url.pathname) {
      case '/login':
        if (req.method === 'POST') {
          if (form.user === 'ann' && form.password === 'secret')
            return res.writeHead(303, { location: '/form', 'set-cookie': 'session=ok; Path=/' }).end();
          return html(page('Login', '<p id="error">wrong password</p>'));
        }
        return html(
          page(
            'Login',
            '<form method="post"><input id="user" name="user"><input id="password" name="password" type="password"><button id="go">Sign in</button></form>',
          ),
        );
      case '/form':
        if (!signedIn) return res.writeHead(303, { location: '/login' }).end();
        if (req.method === 'POST') {
          posted.push(form);
          return html(
            page(
              'Saved',
              `<p id="result">Saved ${form.name} from ${form.city}</p><p id="ref">REF-${posted.length}00</p>`,
            ),
          );
        }
        return html(
          page(
            'Form',
            '<form method="post"><input id="name" name="name"><select id="city" name="city"><option>Paris</option><option>Oslo</option><option>Rome</option></select><button id="save">Save</button></form>',
          ),
        );
      case '/list':
        return html(
          page(
            'List',
            '<ul><li class="item">alpha</li><li class="item">beta</li><li class="item">gamma</li></ul><button id="ping" onclick="setTimeout(() => fetch(\'/api/ping?x=1\'), 300)">ping</button><div id="maybe"></div><input id="q">',
          ),
        );
      case '/api/ping':
        return res.writeHead(200, { 'content-type': 'application/json' }).end('{"pong":true}');
      case '/api/echo':
        return res.writeHead(201, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            method: req.method,
            body,
            auth: req.headers.authorization ?? null,
            cookie: req.headers.cookie ?? null,
          }),
        );
      default:
        return html(page('Home', '<a href="/list">list</a>'));
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    posted,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
