// The part of fs-native-extensions (no types of its own) that db/embedded-lock.ts uses.
declare module 'fs-native-extensions' {
  /**
   * Takes a lock on an open file without waiting: true when granted, false while another open file
   * description holds it. Linux: an open-file-description lock (fcntl F_OFD_SETLK); macOS: flock.
   */
  export function tryLock(fd: number, options?: { shared?: boolean }): boolean;
  /** Lets go of a lock taken with tryLock (closing the file does it too). */
  export function unlock(fd: number): void;
}
