/**
 * npm run bench: runs every benchmark in this folder (*.bench.ts) one after another. Each prints its figures
 * next to a baseline measured in the same run, so the ratios mean something on whatever machine runs them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const only = process.argv[2];
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n=== ${file} ===`);
  const run = spawnSync('npx', ['tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
if (!files.length) console.log('No benchmarks found.');
process.exit(failed ? 1 : 0);
