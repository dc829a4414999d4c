import { z } from 'zod';

// Object schemas compile a fast path with `new Function` where eval is allowed, and zod finds out by trying at the
// first one. The web app's pages forbid eval (their Content-Security-Policy), so there the try only made the browser
// report a violation on every visit that loaded a schema: where there is a window, the fast path is off before any
// schema is made. The server has no such policy and keeps it. Every schema of the shared package and of the web app
// takes `z` from here, so that nothing builds a schema before this has run.
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
