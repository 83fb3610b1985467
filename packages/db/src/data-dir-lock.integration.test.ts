import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { DataDirInUseError } from './data-dir-lock.js';

describe('embedded data folder guard', () => {
  it('refuses a second opener of the same folder with a clear message, and allows it after close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-lock-'));
    const first = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'nested', 'data') });
    await expect(openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'nested', 'data') })).rejects.toThrow(
      DataDirInUseError,
    );
    await expect(openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'nested', 'data') })).rejects.toThrow(
      /already used by another process/,
    );
    await first.close();
    const again = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'nested', 'data') });
    await again.close();
  });

  it('takes over a lock left behind by a process that died', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bw-lock-'));
    fs.writeFileSync(path.join(dir, 'brickwise.lock'), '999999999');
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await database.close();
  });
});
