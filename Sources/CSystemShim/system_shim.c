#define _GNU_SOURCE
#include "CSystemShim.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdatomic.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int bs_sync_file_system(int descriptor) {
#if defined(__linux__)
  return syncfs(descriptor);
#elif defined(F_FULLFSYNC)
  return fcntl(descriptor, F_FULLFSYNC);
#else
  return fsync(descriptor);
#endif
}

const void *bs_find_bytes(const void *bytes, size_t size, const void *needle, size_t needle_size) {
  return memmem(bytes, size, needle, needle_size);
}

void *bs_library_open(const char *const *names, const char **opened, char *failure, size_t size) {
  failure[0] = 0;
  for (const char *const *name = names; *name; name++) {
    void *library = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
    if (library) {
      // An earlier candidate's failure is no failure once a later one opened.
      failure[0] = 0;
      *opened = *name;
      return library;
    }
    // The first candidate's reason is the one worth showing: the others are fallbacks.
    if (!failure[0]) {
      const char *reason = dlerror();
      snprintf(failure, size, "%s", reason ? reason : *name);
    }
  }
  return NULL;
}

void *bs_library_symbol(void *library, const char *symbol, const char **missing) {
  void *address = dlsym(library, symbol);
  if (!address && !*missing) *missing = symbol;
  return address;
}

void bs_release_free_memory(void) {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

void bs_limit_allocator_arenas(int arenas) {
#if defined(__GLIBC__)
  mallopt(M_ARENA_MAX, arenas);
#else
  (void)arenas;
#endif
}

/// The reason the first write to standard output through `bs_write_standard` failed.
static _Atomic int first_output_failure = 0;

void bs_write_standard(const char *text, int to_error) {
  errno = 0;
  if (fputs(text, to_error ? stderr : stdout) == EOF && !to_error && errno != 0) {
    int none = 0;
    atomic_compare_exchange_strong(&first_output_failure, &none, errno);
  }
}

int bs_finish_standard_output(void) {
  errno = 0;
  if (fflush(stdout) != 0) return errno != 0 ? errno : EIO;
  if (!ferror(stdout)) return 0;
  return first_output_failure != 0 ? first_output_failure : EIO;
}
