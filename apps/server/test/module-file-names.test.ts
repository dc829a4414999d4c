import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One naming pattern for a module's files (docs/adding-a-feature.md): `<feature>.<role>.ts` for the main files and
// `<feature>-<part>.<role>.ts` (or `<feature>-<part>.ts`) for the others, so a file's module shows in its name and
// the first dot always ends the name. Tests keep their own pattern and are not checked here.
const ROLES = ['module', 'routes', 'socket', 'service', 'policy', 'presenter', 'repository', 'events', 'guard', 'types', 'test-support'];

/** The files of src/modules/<feature>/ whose names break the pattern. */
function misnamed(feature: string, files: string[]): string[] {
  const name = new RegExp(`^${feature}(-[a-z0-9]+)*(\\.(${ROLES.join('|')}))?\\.ts$`);
  return files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !name.test(f));
}

const modulesDir = path.join(import.meta.dirname, '../src/modules');
const features = fs.readdirSync(modulesDir, { withFileTypes: true }).filter((e) => e.isDirectory());

describe('module file names', () => {
  it.each(features.map((e) => e.name))('every file in modules/%s is named after its module', (feature) => {
    expect(misnamed(feature, fs.readdirSync(path.join(modulesDir, feature)))).toEqual([]);
  });

  it('refuses the patterns that used to coexist', () => {
    expect(misnamed('chat', ['chat.send.repository.ts', 'chat-send.repository.ts', 'chat.presence-cluster.test.ts'])).toEqual([
      'chat.send.repository.ts',
    ]);
    expect(misnamed('communities', ['community-messages.repository.ts', 'communities-messages.repository.ts'])).toEqual([
      'community-messages.repository.ts',
    ]);
    expect(misnamed('auth', ['codes.repository.ts', 'auth-codes.repository.ts', 'auth.guard.ts'])).toEqual(['codes.repository.ts']);
  });
});
