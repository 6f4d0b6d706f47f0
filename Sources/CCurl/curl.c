#include "CCurl.h"
#include "CSystemShim.h"

#include <pthread.h>
#include <stdio.h>

static const char *const names[] = {
#if defined(__APPLE__)
    "libcurl.4.dylib",
#else
    "libcurl.so.4",
#endif
    NULL};

static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  void (*easy_reset)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  curl_version_info_data *(*version_info)(CURLversion);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char failure[512];

static void load(void) {
  const char *opened = NULL;
  void *library = bs_library_open(names, &opened, failure, sizeof failure);
  if (!library) return;
  const char *missing = NULL;
  curl.global_init = bs_library_symbol(library, "curl_global_init", &missing);
  curl.easy_init = bs_library_symbol(library, "curl_easy_init", &missing);
  curl.easy_cleanup = bs_library_symbol(library, "curl_easy_cleanup", &missing);
  curl.easy_reset = bs_library_symbol(library, "curl_easy_reset", &missing);
  curl.easy_strerror = bs_library_symbol(library, "curl_easy_strerror", &missing);
  curl.easy_setopt = bs_library_symbol(library, "curl_easy_setopt", &missing);
  curl.easy_getinfo = bs_library_symbol(library, "curl_easy_getinfo", &missing);
  curl.multi_init = bs_library_symbol(library, "curl_multi_init", &missing);
  curl.multi_cleanup = bs_library_symbol(library, "curl_multi_cleanup", &missing);
  curl.multi_add_handle = bs_library_symbol(library, "curl_multi_add_handle", &missing);
  curl.multi_remove_handle = bs_library_symbol(library, "curl_multi_remove_handle", &missing);
  curl.multi_perform = bs_library_symbol(library, "curl_multi_perform", &missing);
  curl.multi_info_read = bs_library_symbol(library, "curl_multi_info_read", &missing);
  curl.multi_poll = bs_library_symbol(library, "curl_multi_poll", &missing);
  curl.multi_setopt = bs_library_symbol(library, "curl_multi_setopt", &missing);
  curl.version_info = bs_library_symbol(library, "curl_version_info", &missing);
  curl.slist_append = bs_library_symbol(library, "curl_slist_append", &missing);
  curl.slist_free_all = bs_library_symbol(library, "curl_slist_free_all", &missing);
  if (missing) {
    snprintf(failure, sizeof failure, "%s has no %s (libcurl 7.85 or later is needed)", opened, missing);
    return;
  }
  // 7.85 brought CURLOPT_PROTOCOLS_STR, which keeps requests to http and https.
  const curl_version_info_data *info = curl.version_info(CURLVERSION_NOW);
  if (!info || info->version_num < 0x075500) {
    snprintf(failure, sizeof failure, "%s is libcurl %s; 7.85 or later is needed", opened,
             info && info->version ? info->version : "of unknown version");
  } else if (curl.global_init(CURL_GLOBAL_ALL) != CURLE_OK) {
    snprintf(failure, sizeof failure, "libcurl failed to initialize");
  }
}

const char *bs_curl_load(void) {
  pthread_once(&once, load);
  return failure[0] ? failure : NULL;
}

CURL *bs_curl_easy_init(void) { return curl.easy_init(); }
void bs_curl_easy_cleanup(CURL *easy) { curl.easy_cleanup(easy); }
void bs_curl_easy_reset(CURL *easy) { curl.easy_reset(easy); }
const char *bs_curl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
CURLM *bs_curl_multi_init(void) { return curl.multi_init(); }
CURLMcode bs_curl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }
CURLMcode bs_curl_multi_add_handle(CURLM *multi, CURL *easy) { return curl.multi_add_handle(multi, easy); }
CURLMcode bs_curl_multi_remove_handle(CURLM *multi, CURL *easy) { return curl.multi_remove_handle(multi, easy); }
CURLMcode bs_curl_multi_perform(CURLM *multi, int *running) { return curl.multi_perform(multi, running); }
CURLMsg *bs_curl_multi_info_read(CURLM *multi, int *left) { return curl.multi_info_read(multi, left); }
CURLMcode bs_curl_multi_poll(CURLM *multi, int timeout_ms) { return curl.multi_poll(multi, NULL, 0, timeout_ms, NULL); }

struct curl_slist *bs_curl_slist_append(struct curl_slist *list, const char *line) {
  return curl.slist_append(list, line);
}

void bs_curl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode bs_curl_set_long(CURL *easy, CURLoption option, long value) { return curl.easy_setopt(easy, option, value); }

CURLcode bs_curl_set_pointer(CURL *easy, CURLoption option, const void *value) {
  return curl.easy_setopt(easy, option, value);
}

CURLcode bs_curl_set_size(CURL *easy, CURLoption option, curl_off_t value) {
  return curl.easy_setopt(easy, option, value);
}

CURLcode bs_curl_set_write_function(CURL *easy, bs_curl_write_callback callback) {
  return curl.easy_setopt(easy, CURLOPT_WRITEFUNCTION, callback);
}

long bs_curl_response_code(CURL *easy) {
  long code = 0;
  curl.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

CURLMcode bs_curl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl.multi_setopt(multi, option, value);
}
