import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { dumpMigratedTemplate } from '../../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

/** Migrates one embedded database per run; every test file starts from a copy of it (initdb costs ~4 s). */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tribeverse-template-'));
  const file = path.join(dir, 'template.tar');
  const blob = await dumpMigratedTemplate();
  await fs.writeFile(file, Buffer.from(await blob.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => fs.rm(dir, { recursive: true, force: true });
}
