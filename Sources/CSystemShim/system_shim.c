#define _GNU_SOURCE
#include "CSystemShim.h"

#include <fcntl.h>
#include <unistd.h>

int bs_sync_file_system(int descriptor) {
#if defined(__linux__)
  return syncfs(descriptor);
#elif defined(F_FULLFSYNC)
  return fcntl(descriptor, F_FULLFSYNC);
#else
  return fsync(descriptor);
#endif
}
