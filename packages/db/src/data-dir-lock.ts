import fs from 'node:fs';
import path from 'node:path';

export type DataDirLock = { release(): void };

const LOCK_FILE = 'brickwise.lock';

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * PGlite does not guard its data folder against a second process; two writers would corrupt
 * it. One lock file with the owner's pid; a stale lock (owner gone) is taken over.
 */
export const acquireDataDirLock = (dataDir: string): DataDirLock => {
  const lockPath = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(fs.readFileSync(lockPath, 'utf8').trim(), 10);
      // Our own pid counts too: a second open in this process would corrupt the folder as well.
      if (Number.isInteger(owner) && isAlive(owner)) {
        throw new DataDirInUseError(dataDir, owner);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirInUseError(dataDir, null);
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number | null,
  ) {
    super(
      `The data folder ${dataDir} is already used by another process${ownerPid ? ` (pid ${ownerPid})` : ''}. ` +
        'Stop that process or start this one with another DATA_DIR (or a DATABASE_URL).',
    );
    this.name = 'DataDirInUseError';
  }
}
