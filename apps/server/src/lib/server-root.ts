import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this module's own place: the sources run from src/lib (tests,
 * `npm run dev`), `npm start` runs the bundle built into dist/. Files the server reads beside its code (the migrations,
 * the web app's build) are named from here, so both ways find them.
 */
export const serverRoot = packageRoot(import.meta.dirname);

function packageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
