/*
 * `npm run build`: the browser app into dist/client and the server into dist/server, each only when
 * its inputs changed since its last build (scripts/build-stamp.ts), so `npm start` with nothing
 * changed goes straight to the compiled server.
 *   npm run build               both, each when needed
 *   npm run build -- client     only the builds named (client, server)
 * Silent when all went well, like webpack; a failed build prints webpack's errors and exits with 1.
 * It loads nothing but Node's own modules until a build runs, so the check costs a start little.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { type BuildTarget, buildIfChanged } from './build-stamp';

const ROOT = resolve(__dirname, '..');
/** What both builds read besides their own sources: the sentences and the dependencies' versions. */
const COMMON = ['src/shared', 'locales', 'package.json', 'package-lock.json'];

/** A production build of webpack's CLI with the given config (a TypeScript file, read through tsx). */
function webpack(configFile: string): () => Promise<void> {
  return () =>
    new Promise((done, fail) => {
      const child = spawn(resolve(ROOT, 'node_modules/.bin/webpack'), ['--mode', 'production', '--config', configFile], {
        cwd: ROOT,
        stdio: 'inherit',
        env: { ...process.env, NODE_OPTIONS: '--import tsx' },
      });
      child.once('error', fail);
      child.once('exit', (code, signal) => (code === 0 ? done() : fail(new Error(`webpack --config ${configFile} ended with ${signal ?? `exit code ${code}`}`))));
    });
}

export const TARGETS: BuildTarget[] = [
  { name: 'client', outDir: resolve(ROOT, 'dist/client'), inputs: ['src/client', 'webpack.config.ts', ...COMMON], build: webpack('webpack.config.ts') },
  {
    name: 'server',
    outDir: resolve(ROOT, 'dist/server'),
    inputs: ['src/server', 'config', 'webpack.server.config.ts', ...COMMON],
    build: webpack('webpack.server.config.ts'),
  },
];

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((name) => !TARGETS.some((target) => target.name === name));
  if (unknown.length > 0) throw new Error(`unknown build ${unknown.join(', ')} (known: ${TARGETS.map((target) => target.name).join(', ')})`);
  for (const target of TARGETS) {
    if (named.length === 0 || named.includes(target.name)) await buildIfChanged(ROOT, target);
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(`The build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  });
}
