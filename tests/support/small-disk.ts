// A small tmpfs for the full-disk tests: a real file system that runs out of space and answers
// ENOSPC (or, remounted read-only, EROFS), rather than a stubbed write. Mounting needs root (CAP_SYS_ADMIN), as CI runs.
import { execFile } from "node:child_process";
import { mkdtemp, rm, rmdir, statfs, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export type SmallDisk = {
  /** The mounted folder. */
  dir: string;
  /** Bytes still free for writing. */
  readFreeBytes: () => Promise<number>;
  /** Fills the disk with one file until about leaveFreeBytes are left. */
  fill: (leaveFreeBytes: number) => Promise<void>;
  /** Removes what fill wrote. */
  empty: () => Promise<void>;
  /** Remounts the disk read-only (writes fail with EROFS) or writable again. */
  setReadOnly: (readOnly: boolean) => Promise<void>;
  unmount: () => Promise<void>;
};

export async function mountSmallDisk(sizeBytes: number): Promise<SmallDisk> {
  const dir = await mkdtemp(join(tmpdir(), "small-disk-"));
  try {
    await run("mount", ["-t", "tmpfs", "-o", `size=${sizeBytes}`, "tmpfs", dir]);
  } catch (error) {
    await rmdir(dir);
    throw new Error(
      `The full-disk tests mount a ${sizeBytes}-byte tmpfs and need root (CAP_SYS_ADMIN): ${(error as Error).message}`,
    );
  }
  const filler = join(dir, "filler.bin");
  const readFreeBytes = async () => {
    const { bavail, bsize } = await statfs(dir);
    return bavail * bsize;
  };
  return {
    dir,
    readFreeBytes,
    fill: async (leaveFreeBytes) => {
      const free = await readFreeBytes();
      await writeFile(filler, Buffer.alloc(Math.max(0, free - leaveFreeBytes)));
    },
    empty: () => rm(filler, { force: true }),
    setReadOnly: async (readOnly) => {
      await run("mount", ["-o", `remount,${readOnly ? "ro" : "rw"}`, dir]);
    },
    unmount: async () => {
      // Lazy: a file the server still holds open must not leave the mount behind.
      await run("umount", ["--lazy", dir]);
      await rmdir(dir);
    },
  };
}
