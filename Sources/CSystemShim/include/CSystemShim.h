#ifndef CSYSTEMSHIM_H
#define CSYSTEMSHIM_H

/// Flushes everything written to the file system that holds the open file `descriptor`, and
/// waits for it: `syncfs` on Linux (which reports write-back errors); elsewhere `fsync` of the
/// descriptor with `F_FULLFSYNC` where the system has it. Returns 0, or -1 with `errno` set.
int bs_sync_file_system(int descriptor);

#include <stddef.h>

/// Returns the allocator's free memory to the system (glibc's `malloc_trim`; nothing elsewhere):
/// what the render threads freed stays resident in their arenas until then.
void bs_release_free_memory(void);

/// Lets the allocator keep at most `arenas` arenas (glibc's `M_ARENA_MAX`; nothing elsewhere).
/// glibc reserves 64 MiB of address space for each, up to eight per core, as threads happen
/// to meet in it: capped, a run needs the same address space (`ulimit -v`) every time.
void bs_limit_allocator_arenas(int arenas);

/// The first occurrence of the `needle_size` bytes at `needle` in the `size` bytes at `bytes`, or
/// NULL: the C library's `memmem` (a GNU and BSD extension the Swift overlays do not import).
const void *bs_find_bytes(const void *bytes, size_t size, const void *needle, size_t needle_size);

/// Opens the first library of `names` (a NULL-terminated list of file names or paths) the
/// dynamic linker finds, for the rest of the process: it is never closed. Returns its handle,
/// pointing `*opened` at the name that opened and leaving `failure` empty; or NULL after
/// writing why none opened into `failure` (`size` bytes).
void *bs_library_open(const char *const *names, const char **opened, char *failure, size_t size);

/// The address of `symbol` in `library`; NULL, after pointing `*missing` at `symbol` unless it
/// already names an earlier missing one, when the library does not have it.
void *bs_library_symbol(void *library, const char *symbol, const char **missing);

/// Writes the C string `text` to standard output (buffered, as `print` writes) or, with
/// `to_error`, to standard error. A failure never stops the process (Foundation's
/// `FileHandle.write` does) and is found by `bs_finish_standard_output` for standard output.
void bs_write_standard(const char *text, int to_error);

/// Writes out what standard output holds: 0 when everything written to it arrived, else the
/// `errno` of the failure (of the first failed write through `bs_write_standard`; `EIO` when
/// the reason is not known).
int bs_finish_standard_output(void);

#endif
