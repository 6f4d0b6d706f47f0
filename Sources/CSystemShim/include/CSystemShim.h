#ifndef CSYSTEMSHIM_H
#define CSYSTEMSHIM_H

/// Flushes everything written to the file system that holds the open file `descriptor`, and
/// waits for it: `syncfs` on Linux (which reports write-back errors); elsewhere `fsync` of the
/// descriptor with `F_FULLFSYNC` where the system has it. Returns 0, or -1 with `errno` set.
int bs_sync_file_system(int descriptor);

#endif
