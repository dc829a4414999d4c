/**
 * The baseline of web.bench.ts: a bare node:http server sending one minimal static page the way the app sends its
 * files (brotli or gzip compressed once at start, picked by Accept-Encoding, `Cache-Control: no-cache`), in a
 * process of its own so it takes nothing from the app's. Given `headers`, it sends them with the page too (the
 * benchmark passes the app's security headers, to tell what they cost from what the app's page costs).
 */
import { spawn } from 'node:child_process';
import { runtimeFlags } from '../apps/server/build.mjs';

const script = `
  const http = require('node:http');
  const zlib = require('node:zlib');
  const page = Buffer.from(\`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="A bare page: the baseline of the first-page benchmark." />
    <title>Bare page</title>
    <style>body { margin: 0; font-family: system-ui, sans-serif; background: #020617; color: #e2e8f0 } main { padding: 2rem }</style>
  </head>
  <body>
    <main>
      <h1>Find your people</h1>
      <p>A minimal static page served by node:http with the same compression and caching as the app's files.</p>
    </main>
  </body>
</html>\`);
  const extra = JSON.parse(process.env.BARE_HEADERS || '{}');
  const br = zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = zlib.gzipSync(page, { level: 9 });
  http
    .createServer((req, res) => {
      const accepts = String(req.headers['accept-encoding'] || '');
      const [body, encoding] = /\\bbr\\b/.test(accepts) ? [br, 'br'] : /\\bgzip\\b/.test(accepts) ? [gz, 'gzip'] : [page, null];
      for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.setHeader('cache-control', 'no-cache');
      res.setHeader('vary', 'accept-encoding');
      if (encoding) res.setHeader('content-encoding', encoding);
      res.end(body);
    })
    .listen(0, '127.0.0.1', function () { console.log('bare ready ' + this.address().port); });`;

export async function startBarePage(headers: Record<string, string> = {}) {
  const child = spawn(process.execPath, [...runtimeFlags, '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, BARE_HEADERS: JSON.stringify(headers) },
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /bare ready (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`bare page server exited with ${code}`)));
  });
  return { child, url: `http://127.0.0.1:${port}/` };
}
