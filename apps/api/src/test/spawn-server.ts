import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../config.js';

const MAIN = path.join(REPO_ROOT, 'apps/api/src/main.ts');

export type SpawnedServer = {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  stop(): Promise<void>;
};

/** Starts `node <args>` in `cwd` with exactly `env`, collecting its output. */
export const spawnNode = (args: string[], options: { cwd: string; env: Record<string, string> }): SpawnedServer => {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};

/** Starts `main.ts` as a real second process, the way `npm start` does. */
export const spawnServer = (env: Record<string, string>): SpawnedServer =>
  spawnNode(['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { ...(process.env as Record<string, string>), LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  });

export const waitForReady = async (baseUrl: string, server: SpawnedServer, timeoutMs = 60_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not ready in ${timeoutMs} ms:\n${server.output()}`);
};
