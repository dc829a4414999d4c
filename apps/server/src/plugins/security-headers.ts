import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Strict headers: a content security policy without inline script, no framing, no sniffing. */
const options: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      // The app's service worker (/sw.js, apps/web/src/sw.ts) and nothing else: no worker made from a blob or data URL.
      workerSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Kept on purpose, though it costs first-page speed: a page opened by another site's window is cut off from it
  // (no handle to navigate, count frames or message it) and gets a browser process of its own. That new process
  // starts cold; on a slow machine Lighthouse's mobile score falls by up to 14 points for it alone (docs/benchmarks.md).
  crossOriginOpenerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets for these options, worked out once. They are the same for every response (the policy has
 * no per-request nonce), and building the policy text again for each request cost about 3 % of a feed page.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let done = false;
  helmet(options)({} as never, response as never, () => (done = true));
  if (!done) throw new Error('helmet did not set its headers at once');
  return headers;
}

/**
 * Which powerful browser features pages of this origin may ask for. Only what the app uses, for this origin itself:
 * the camera (taking a picture to post or send), the microphone (voice messages, and the sound of a video taken with
 * the camera) and the location (the scan). Every other feature is refused to the app and to any frame, so an
 * injected script or a hostile embed cannot ask for it either: no prompt ever shows for it.
 */
const SELF_ONLY = ['camera', 'microphone', 'geolocation'];
// Names Chromium knows: an unknown one is a warning in every member's console.
const REFUSED = [
  'accelerometer',
  'ambient-light-sensor',
  'bluetooth',
  'browsing-topics',
  'display-capture',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];
export const PERMISSIONS_POLICY = [...SELF_ONLY.map((f) => `${f}=(self)`), ...REFUSED.map((f) => `${f}=()`)].join(', ');

export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = { ...helmetHeaders(), 'permissions-policy': PERMISSIONS_POLICY };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
